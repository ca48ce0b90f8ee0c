/**
 * The garage's opening hours read from their structure (schemas/hours.schema.json): whether it is
 * open on a day or a half-day, the week's lines as the public page writes them, the exceptions to
 * come and the closure in force. Pure: dates are Paris calendar days 'YYYY-MM-DD' given by the
 * caller (paris-day.ts), never read from a clock. The database decides the same way for the
 * request form (supabase/migrations/20261127190100_hours.sql); docs/decisions/058-opening-hours.md.
 */
import type {
  Closure,
  HoursContent,
  SpecialOpening,
  TimeRange,
} from '../../content/generated/types.ts';
import { addDays, holidayOn, type PublicHoliday } from './holidays.ts';

export type DayKey = keyof HoursContent['week'];

/** Monday first, as the French week is written. */
export const DAY_KEYS: readonly DayKey[] = [
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
];

export type Moment = 'journee' | 'matin' | 'apres-midi';

/** The weekday of a calendar day, Monday first. */
export function dayKeyOf(date: string): DayKey {
  const sunday0 = new Date(`${date}T12:00:00Z`).getUTCDay();
  return DAY_KEYS[(sunday0 + 6) % 7]!;
}

/** '09:00' → '9h00', as the page has always written hours. */
function clock(time: string): string {
  const [h, m] = time.split(':') as [string, string];
  return `${Number(h)}h${m}`;
}

/** « 9h00 - 13h00 et 14h00 - 18h00 », or « Fermé » for no range. */
export function rangesText(ranges: readonly TimeRange[]): string {
  if (ranges.length === 0) return 'Fermé';
  return ranges.map((r) => `${clock(r.opens)} - ${clock(r.closes)}`).join(' et ');
}

const sameRanges = (a: readonly TimeRange[], b: readonly TimeRange[]) =>
  a.length === b.length && a.every((r, i) => r.opens === b[i]!.opens && r.closes === b[i]!.closes);

const DAY_TITLES: Record<DayKey, string> = {
  lundi: 'Lundi',
  mardi: 'Mardi',
  mercredi: 'Mercredi',
  jeudi: 'Jeudi',
  vendredi: 'Vendredi',
  samedi: 'Samedi',
  dimanche: 'Dimanche',
};

export interface HoursLine {
  label: string;
  text: string;
}

/**
 * The week as the page shows it: « Du lundi au vendredi », « Samedi », « Dimanche », « Jours
 * fériés » when Monday to Friday share their hours; otherwise one line per day, then the holidays.
 */
export function weekLines(hours: HoursContent): HoursLine[] {
  const week = hours.week;
  const working = DAY_KEYS.slice(0, 5);
  const shared = working.every((key) => sameRanges(week[key], week.lundi));
  const days: HoursLine[] = shared
    ? [{ label: 'Du lundi au vendredi', text: rangesText(week.lundi) }]
    : working.map((key) => ({ label: DAY_TITLES[key], text: rangesText(week[key]) }));
  return [
    ...days,
    { label: 'Samedi', text: rangesText(week.samedi) },
    { label: 'Dimanche', text: rangesText(week.dimanche) },
    { label: 'Jours fériés', text: 'Fermé' },
  ];
}

/** Why a day has the hours it has. */
export type DayReason =
  | { kind: 'semaine' }
  | { kind: 'fermeture'; closure: Closure }
  | { kind: 'ferie'; holiday: PublicHoliday }
  | { kind: 'ouverture'; opening: SpecialOpening; holiday: PublicHoliday | null };

export interface DaySchedule {
  date: string;
  ranges: readonly TimeRange[];
  reason: DayReason;
}

const openings = (hours: HoursContent): SpecialOpening[] => hours.openings;
const closures = (hours: HoursContent): Closure[] => hours.closures;

/** The closure covering `date` (from its first day to its last, both included), if any. */
export function closureOn(hours: HoursContent, date: string): Closure | null {
  return closures(hours).find((c) => c.from <= date && date <= c.to) ?? null;
}

/**
 * A day's hours. A special opening on that very day wins (the owner opened it on purpose, even a
 * holiday or inside a closure); then a closure; then a public holiday, closed; then the week.
 */
export function daySchedule(hours: HoursContent, date: string): DaySchedule {
  const holiday = holidayOn(date);
  const opening = openings(hours).find((o) => o.date === date);
  if (opening)
    return { date, ranges: opening.ranges, reason: { kind: 'ouverture', opening, holiday } };
  const closure = closureOn(hours, date);
  if (closure) return { date, ranges: [], reason: { kind: 'fermeture', closure } };
  if (holiday) return { date, ranges: [], reason: { kind: 'ferie', holiday } };
  return { date, ranges: hours.week[dayKeyOf(date)], reason: { kind: 'semaine' } };
}

/**
 * Whether the garage is open on `date` for `moment`: the whole day asks for any opening; the
 * morning for a range opening before noon; the afternoon for a range closing after 14:00 (so
 * that « 9h00 - 13h00 » is a morning only).
 */
export function isOpen(hours: HoursContent, date: string, moment: Moment = 'journee'): boolean {
  const { ranges } = daySchedule(hours, date);
  if (moment === 'matin') return ranges.some((r) => r.opens < '12:00');
  if (moment === 'apres-midi') return ranges.some((r) => r.closes > '14:00');
  return ranges.length > 0;
}

const WEEKDAY_DATE = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const DAY_MONTH = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** '2028-12-25' → 'lundi 25 décembre'. */
export function weekdayDate(date: string): string {
  return WEEKDAY_DATE.format(noon(date));
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * « du 10 au 24 août », « du 28 juillet au 3 août », « du 28 décembre 2026 au 3 janvier 2027 »,
 * or « le lundi 10 août » for one day.
 */
export function closurePeriod(closure: Closure): string {
  const { from, to } = closure;
  if (from === to) return `le ${weekdayDate(from)}`;
  if (from.slice(0, 4) !== to.slice(0, 4)) {
    return `du ${DAY_MONTH_YEAR.format(noon(from))} au ${DAY_MONTH_YEAR.format(noon(to))}`;
  }
  const start =
    from.slice(0, 7) === to.slice(0, 7)
      ? String(Number(from.slice(8)))
      : DAY_MONTH.format(noon(from));
  return `du ${start} au ${DAY_MONTH.format(noon(to))}`;
}

const withLabel = (text: string, label: string | undefined) =>
  label?.trim() ? `${text} (${label.trim()})` : text;

/** « Le garage est fermé du 10 au 24 août (Congés d'été). » */
export function closureNotice(closure: Closure): string {
  return `${withLabel(`Le garage est fermé ${closurePeriod(closure)}`, closure.label)}.`;
}

/** How many days ahead the page lists the exceptions, today included. */
export const UPCOMING_DAYS = 30;

/** A day or period of the coming days whose hours are not the week's. */
export type Upcoming =
  | { kind: 'fermeture'; date: string; closure: Closure }
  | { kind: 'ouverture'; date: string; opening: SpecialOpening; holiday: PublicHoliday | null }
  | { kind: 'ferie'; date: string; holiday: PublicHoliday };

/**
 * The closures, special openings and public holidays of the `days` days from `today` on, in date
 * order (a closure begun before today dated today). A holiday that falls on a day the garage is
 * closed anyway, or inside a closure, is not repeated.
 */
export function upcoming(hours: HoursContent, today: string, days = UPCOMING_DAYS): Upcoming[] {
  const last = addDays(today, days - 1);
  const found: Upcoming[] = [];
  for (const closure of closures(hours)) {
    if (closure.to < today || closure.from > last) continue;
    found.push({ kind: 'fermeture', date: closure.from < today ? today : closure.from, closure });
  }
  for (let date = today; date <= last; date = addDays(date, 1)) {
    const { reason } = daySchedule(hours, date);
    if (reason.kind === 'ouverture') {
      found.push({ kind: 'ouverture', date, opening: reason.opening, holiday: reason.holiday });
    } else if (reason.kind === 'ferie' && hours.week[dayKeyOf(date)].length > 0) {
      found.push({ kind: 'ferie', date, holiday: reason.holiday });
    }
  }
  return found.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The coming exceptions as the page writes them: « Fermé du 10 au 24 août (Congés d'été) »,
 * « Lundi 25 décembre (Noël) : fermé », « Samedi 19 décembre : ouvert 9h00 - 12h00 ».
 */
export function upcomingExceptions(hours: HoursContent, today: string, days = UPCOMING_DAYS) {
  return upcoming(hours, today, days).map((item) => {
    const day = capitalized(weekdayDate(item.date));
    if (item.kind === 'fermeture') {
      return {
        date: item.date,
        text: withLabel(`Fermé ${closurePeriod(item.closure)}`, item.closure.label),
      };
    }
    if (item.kind === 'ferie')
      return { date: item.date, text: `${day} (${item.holiday.name}) : fermé` };
    const name = item.holiday?.name ?? item.opening.label?.trim();
    return {
      date: item.date,
      text: `${day}${name ? ` (${name})` : ''} : ouvert ${rangesText(item.opening.ranges)}`,
    };
  });
}

/** « a, b et c ». */
const listed = (parts: readonly string[]) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} et ${parts.at(-1)}`;

/**
 * The closed days a visitor choosing a day should know, from `today` to `days` days ahead:
 * « Le garage est fermé le samedi, le dimanche, les jours fériés et du 10 au 24 août. »
 */
export function closedDaysText(hours: HoursContent, today: string, days = 366): string {
  const last = addDays(today, days);
  const parts = [
    ...DAY_KEYS.filter((key) => hours.week[key].length === 0).map((key) => `le ${key}`),
    'les jours fériés',
    ...closures(hours)
      .filter((closure) => closure.to >= today && closure.from <= last)
      .sort((a, b) => (a.from < b.from ? -1 : 1))
      .map(closurePeriod),
  ];
  return `Le garage est fermé ${listed(parts)}.`;
}
