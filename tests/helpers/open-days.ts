import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { addDays } from '../../src/lib/hours/holidays.ts';
import { parisToday } from '../../src/lib/hours/paris-day.ts';
import { isOpen } from '../../src/lib/hours/schedule.ts';

/**
 * The first day, `days` days from today in Paris or later, on which the garage is open all day
 * with its default hours (a request for a closed day is refused): 'YYYY-MM-DD'. `skip` more open
 * days are passed first, for distinct days.
 */
export function openDayFromNow(days: number, skip = 0): string {
  let date = addDays(parisToday(Date.now()), days);
  for (let left = skip; ; date = addDays(date, 1)) {
    if (!isOpen(DEFAULT_CONTENT.hours, date)) continue;
    if (left === 0) return date;
    left -= 1;
  }
}
