/**
 * Paris wall-clock times as instants, for the calendar file (which carries UTC times, so every
 * calendar shows the appointment at the garage's hour wherever the phone is set).
 */
const PARIS_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Paris wall clock at `ms`, read as if it were UTC (so offsets are differences). */
function parisWallMs(ms: number): number {
  const parts = Object.fromEntries(
    PARIS_PARTS.formatToParts(new Date(ms)).map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
}

/** '2026-12-01' and '09:30' in Paris → the instant (ms since 1970). */
export function parisInstant(date: string, time: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Paris is UTC+1 or UTC+2: one of the two readings gives back the same wall clock.
  for (const offset of [parisWallMs(wall) - wall, 3_600_000, 7_200_000]) {
    if (parisWallMs(wall - offset) === wall) return wall - offset;
  }
  return wall - 3_600_000;
}

/** The calendar day in Paris at an instant (YYYY-MM-DD). */
export function parisDate(ms: number): string {
  return new Date(parisWallMs(ms)).toISOString().slice(0, 10);
}
