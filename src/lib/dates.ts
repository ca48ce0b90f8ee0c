/**
 * The one module that owns French date formats, with `dates-paris.ts` for the back-office's. Dates
 * are shown in Paris time whatever the machine's zone, so a page rendered on the server reads the
 * same once hydrated in the browser.
 */
const LONG_DATE = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

/** '2026-03-05T10:00:00Z' → '5 mars 2026' (French long form, locale fr-FR). */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : LONG_DATE.format(date);
}
