import { httpUrl, referrerKind, taggedSource } from '../../lib/request-arrival.ts';
import type { SourceFields, SourceInput } from '../../lib/request-source.ts';

// The category of the visit's arrival, kept for the tab's life only (sessionStorage is neither a
// cookie nor sent anywhere): the form is often reached a few pages after the arrival, whose
// referrer and address are then gone. Nothing but the category and a campaign's name is kept
// (docs/decisions/078-agenda-figures-sources.md).
const KEY = 'provenance';

// The host lists that tell a search engine from a social network: fetched only for a page load
// from another site, from a tagged address or from a tagged page of the site, not on the
// visitor's first load.
const rules = () => import('../../lib/request-source.ts');

/** This page load's arrival, as the rules take it. */
function thisLoad(): SourceInput {
  return {
    referrer: document.referrer,
    landing: window.location.href,
    ownHosts: [window.location.host],
  };
}

function storedValue(): Partial<SourceFields> | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Partial<SourceFields>) : null;
  } catch {
    return null;
  }
}

function store(arrival: SourceFields): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(arrival));
  } catch {
    // Storage refused (private browsing, full): the form falls back to this page's arrival.
  }
}

/** Done once this page load's arrival is kept (at once, unless the rules had to be fetched). */
let remembered: Promise<unknown> = Promise.resolve();

/**
 * Called once per page load, before the page is shown: an arrival from elsewhere replaces the one
 * kept; a load without a referrer (a reload, a typed address) keeps an earlier, better one.
 */
export function rememberArrival(): void {
  const load = thisLoad();
  if (!taggedSource(httpUrl(load.landing)?.searchParams)) {
    const kind = referrerKind(load.referrer, load.ownHosts);
    // A move inside the site keeps what was kept. With nothing kept (or only « direct »), the page
    // left may be a tagged landing whose script had no time to keep it: the rules read its tags.
    // A kept arrival wins, as a page shown again (back, reload) still names its old referrer.
    if (kind === 'inside') {
      const kept = storedValue()?.source;
      const nothingBetter = typeof kept !== 'string' || kept === 'direct';
      if (!nothingBetter || !taggedSource(httpUrl(load.referrer)?.searchParams)) return;
    }
    if (kind === 'direct') {
      // What the rules would say, without them: direct, unless a category is kept already.
      const kept = storedValue();
      if (!kept || typeof kept.source !== 'string') store({ source: 'direct', campagne: '' });
      return;
    }
  }
  remembered = rules()
    .then(({ requestSource }) => {
      const arrival = requestSource(load);
      if (arrival) store(arrival);
    })
    .catch(() => {
      // The rules could not be fetched: the form reads this page's arrival itself.
    });
}

/** What the form's hidden fields say in the browser: the arrival kept, else this page's own. */
export async function arrivalSource(): Promise<SourceFields | null> {
  await remembered;
  const { requestSource, sourceFields } = await rules();
  const kept = storedValue();
  return (kept && sourceFields(kept.source, kept.campagne)) ?? requestSource(thisLoad());
}
