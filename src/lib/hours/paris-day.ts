/**
 * Calendar days in Paris for the opening hours, shared by the public pages and the server's page
 * cache: which day it is there, and when the next one starts (docs/decisions/058-opening-hours.md).
 */
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Paris at an instant (yyyy-mm-dd). */
export function parisToday(ms: number): string {
  return PARIS_DAY.format(new Date(ms));
}

const HOUR = 3_600_000;

/**
 * The instant the Paris day after the one at `ms` begins (its midnight). Paris is one or two hours
 * ahead of UTC and never changes its clocks at midnight, so that midnight is one of two instants.
 */
export function nextParisMidnight(ms: number): number {
  const today = parisToday(ms);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d + 1);
  for (const offset of [HOUR, 2 * HOUR]) {
    const candidate = utcMidnight - offset;
    if (parisToday(candidate) !== today && parisToday(candidate - 1) === today) return candidate;
  }
  return ms + 24 * HOUR;
}
