/**
 * The back-office's dates: date and time in Paris, the `datetime-local` inputs, calendar days and
 * months. Apart from `dates.ts`, which the public pages share: the bundler places a module in one
 * chunk, so these would otherwise ride in every visitor's first load.
 */
const PARIS = 'Europe/Paris';

const DATE_TIME = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: PARIS,
});

/** '2026-11-22T13:30:00Z' → '22 novembre 2026 à 14:30' (Paris time). */
export function formatLongDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    DATE_TIME.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')} à ${part('hour')}:${part('minute')}`;
}

const WALL_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: PARIS,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Paris wall clock at an instant, as the milliseconds of the same reading in UTC. */
function parisWallMs(ms: number): number {
  const parts = WALL_CLOCK.formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * An instant → the value of an `<input type="datetime-local">` showing it in Paris time,
 * e.g. '2026-07-14T22:30:00Z' → '2026-07-15T00:30'. '' for a missing or invalid value.
 */
export function isoToParisInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return '';
  const wall = new Date(parisWallMs(ms));
  return (
    `${wall.getUTCFullYear()}-${pad2(wall.getUTCMonth() + 1)}-${pad2(wall.getUTCDate())}` +
    `T${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}`
  );
}

/**
 * A Paris wall-clock time typed in an `<input type="datetime-local">` ('YYYY-MM-DDTHH:mm', seconds
 * optional) → the ISO UTC instant, e.g. '2026-01-15T10:00' → '2026-01-15T09:00:00.000Z'. A time
 * skipped by the spring change (02:30 on the last Sunday of March) is read with the winter offset
 * (03:30 summer time); a time repeated in autumn is its first occurrence. null when not a date.
 */
export function parisInputToIso(value: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d! || h! > 23 || mi! > 59) {
    return null;
  }
  // Paris's offset half a day before and after: the same, or the two sides of a clock change.
  const before = parisWallMs(wall - 43_200_000) - (wall - 43_200_000);
  const after = parisWallMs(wall + 43_200_000) - (wall + 43_200_000);
  const readings = [wall - Math.max(before, after), wall - Math.min(before, after)];
  const instant = readings.find((ms) => parisWallMs(ms) === wall) ?? wall - before;
  return new Date(instant).toISOString();
}

const SHORT_DAY = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const MONTH_YEAR = new Intl.DateTimeFormat('fr-FR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day 'YYYY-MM-DD' (no time zone involved) → '22 nov. 2026'; '' when invalid. */
export function formatShortCalendarDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  return SHORT_DAY.format(new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, 12)));
}

/** A calendar month 'YYYY-MM' → 'novembre 2026'; '' when invalid. */
export function formatCalendarMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return '';
  return MONTH_YEAR.format(new Date(Date.UTC(+match[1]!, +match[2]! - 1, 15)));
}

const SHORT_MONTH_YEAR = new Intl.DateTimeFormat('fr-FR', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar month 'YYYY-MM' → 'nov. 2026' (short month); '' when invalid. */
export function formatShortCalendarMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return '';
  return SHORT_MONTH_YEAR.format(new Date(Date.UTC(+match[1]!, +match[2]! - 1, 15)));
}

const CLOCK = new Intl.DateTimeFormat('fr-FR', {
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: PARIS,
});

/** '2026-11-27T09:42:00Z' → '10 h 42' (Paris time), as said in « depuis 10 h 42 ». */
export function formatParisClock(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    CLOCK.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('hour')} h ${part('minute')}`;
}
