/**
 * Which day it is in Paris, as the request form counts the half-days it offers from
 * (src/lib/hours/half-days.ts).
 */
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Paris at an instant, as a date field's value (yyyy-mm-dd). */
export function parisDay(ms: number): string {
  return PARIS_DAY.format(new Date(ms));
}
