import { formatLongDate } from '../../lib/dates.ts';
import type { BlogPostForm } from './blog-post.ts';

/**
 * The article form's one publishing choice (docs/decisions/042-one-publishing-choice.md), stored
 * as before in published_at and scheduled_at: « Publier maintenant » (or, for a post already
 * online, keeping its publication), « Programmer » at a date and time, or « Brouillon ».
 */
export type PublicationChoice = 'publish' | 'schedule' | 'draft';

type Dates = Pick<BlogPostForm, 'published_at' | 'scheduled_at'>;

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** Whether these dates are a post online now: published at a date already passed. */
function online(dates: Dates, now: Date): boolean {
  return time(dates.published_at) <= now.getTime();
}

/** The choice these dates show: a publication date still to come is a programmed one. */
export function publicationChoice(dates: Dates, now: Date = new Date()): PublicationChoice {
  if (online(dates, now)) return 'publish';
  if (dates.published_at || dates.scheduled_at) return 'schedule';
  return 'draft';
}

/** The date and time of a programmed publication, if these dates have one. */
export function scheduledDate(dates: Dates, now: Date = new Date()): string | null {
  if (online(dates, now)) return null;
  return dates.published_at || dates.scheduled_at || null;
}

/** The first option's label: what « publish » does for this post, as it was opened. */
export function publishLabel(initial: Dates, now: Date = new Date()): string {
  return online(initial, now)
    ? `Publié le ${formatLongDate(initial.published_at!)}`
    : 'Publier maintenant';
}

/**
 * The form's dates once the owner picks `choice` (and, to programme, the date and time `at`,
 * null while none is typed). A post already online keeps its publication date; publishing
 * another one dates it from now, stamped again when it is saved (finalPublication). A programmed
 * post whose date is left as it was keeps its stored dates.
 */
export function applyChoice(
  form: BlogPostForm,
  choice: PublicationChoice,
  initial: Dates,
  at: string | null,
  now: Date = new Date(),
): BlogPostForm {
  const kept = { ...form, published_at: initial.published_at, scheduled_at: initial.scheduled_at };
  switch (choice) {
    case 'publish':
      return online(initial, now)
        ? kept
        : { ...form, published_at: now.toISOString(), scheduled_at: null };
    case 'schedule':
      if (at && at === scheduledDate(initial, now)) return kept;
      return { ...form, published_at: null, scheduled_at: at };
    case 'draft':
      return { ...form, published_at: null, scheduled_at: null };
  }
}

/** The dates as saved: « Publier maintenant » is the moment of the save. */
export function finalPublication(
  form: BlogPostForm,
  choice: PublicationChoice,
  initial: Dates,
  now: Date = new Date(),
): BlogPostForm {
  if (choice === 'publish' && !online(initial, now)) {
    return { ...form, published_at: now.toISOString(), scheduled_at: null };
  }
  return form;
}

/** Programming needs a date and time. */
export const MISSING_DATE = 'Choisissez la date et l’heure de publication.';
