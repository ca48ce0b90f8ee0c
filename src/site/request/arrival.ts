import { requestSource, sourceFields, type SourceFields } from '../../lib/request-source.ts';

// The category of the visit's arrival, kept for the tab's life only (sessionStorage is neither a
// cookie nor sent anywhere): the form is often reached a few pages after the arrival, whose
// referrer and address are then gone. Nothing but the category and a campaign's name is kept
// (docs/decisions/078-agenda-figures-sources.md).
const KEY = 'provenance';

function stored(): SourceFields | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Partial<SourceFields>) : null;
    return value ? sourceFields(value.source, value.campagne) : null;
  } catch {
    return null;
  }
}

/** This page load's arrival, from the browser's referrer and address; null for a move inside. */
function thisArrival(): SourceFields | null {
  return requestSource({
    referrer: document.referrer,
    landing: window.location.href,
    ownHosts: [window.location.host],
  });
}

/**
 * Called once per page load, before the page is shown: an arrival from elsewhere replaces the one
 * kept; a load without a referrer (a reload, a typed address) keeps an earlier, better one.
 */
export function rememberArrival(): void {
  const arrival = thisArrival();
  if (!arrival || (arrival.source === 'direct' && stored())) return;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(arrival));
  } catch {
    // Storage refused (private browsing, full): the form falls back to this page's arrival.
  }
}

/** What the form's hidden fields say in the browser: the arrival kept, else this page's own. */
export function arrivalSource(): SourceFields | null {
  return stored() ?? thisArrival();
}
