/**
 * The days a visitor may ask for: from today to a year ahead, in Paris time, as submit_request
 * accepts them (supabase/migrations/20261127130000_request_abuse.sql: `today + 366`). The form's
 * date fields offer exactly these days.
 */
export const PREFERRED_DAYS_AHEAD = 366;

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

/** The first and last day a visitor may choose, when today (in Paris) is `today`. */
export function preferredDayBounds(today: string): { min: string; max: string } {
  const last = new Date(`${today}T12:00:00Z`);
  last.setUTCDate(last.getUTCDate() + PREFERRED_DAYS_AHEAD);
  return { min: today, max: last.toISOString().slice(0, 10) };
}
