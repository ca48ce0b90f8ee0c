/**
 * Time between the first drawdown of a credit and a later payment, in years, as the consumer-credit
 * directive's annex I counts it for the APR (TAEG): a year is 12 equal months, 52 weeks or 365 days
 * (366 in a leap year), so a month is exactly 1/12 of a year whatever its length. Anything that is
 * not a whole number of periods is whole months plus days, the days counted backwards from the
 * payment towards the drawdown (docs/legal.md#the-apr-taeg, docs/decisions/048-apr-method.md).
 */

/** A payment's distance from the first drawdown, in whole periods of the annex's standard year. */
export interface Period {
  years?: number;
  months?: number;
  weeks?: number;
  days?: number;
}

/** Years for a distance given in periods; a bare number of days counts as days of 365. */
export function periodToYears(period: Period): number {
  const { years = 0, months = 0, weeks = 0, days = 0 } = period;
  for (const value of [years, months, weeks, days]) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`Invalid period: ${value}`);
  }
  return years + months / 12 + weeks / 52 + days / 365;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' as a UTC day number, refusing dates that do not exist (2026-02-30). */
function dayNumber(iso: string): number {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`Not a date: ${iso}`);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) {
    throw new RangeError(`Not a date: ${iso}`);
  }
  return ms / DAY_MS;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The same day `months` earlier, on the month's last day when that day does not exist there. */
function monthsBefore(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function isLastDayOfMonth(iso: string): boolean {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return d === daysInMonth(y, m - 1);
}

/**
 * Years from `start` (the first drawdown) to `end` (a payment), both 'YYYY-MM-DD'.
 *
 * Whole months are counted back from `end` as far as they go without passing `start`; the days
 * left are divided by the length of the year that ends on the last of those days (365, or 366 when
 * that year holds a 29 February), as the annex asks. Two month-ends are whole months apart
 * (31 January → 28 February is one month), the reading that keeps monthly schedules regular.
 */
export function yearsBetween(start: string, end: string): number {
  const from = dayNumber(start);
  const to = dayNumber(end);
  if (to < from) throw new RangeError(`${end} is before ${start}`);
  const [sy, sm] = start.split('-').map(Number) as [number, number];
  const [ey, em] = end.split('-').map(Number) as [number, number];
  let months = (ey - sy) * 12 + (em - sm);
  const monthEnds = isLastDayOfMonth(start) && isLastDayOfMonth(end);
  while (months > 0 && !monthEnds && dayNumber(monthsBefore(end, months)) < from) months -= 1;
  const stubEnd = monthsBefore(end, months);
  const days = monthEnds ? 0 : dayNumber(stubEnd) - from;
  if (days === 0) return months / 12;
  const yearLength = dayNumber(stubEnd) - dayNumber(monthsBefore(stubEnd, 12));
  return months / 12 + days / yearLength;
}
