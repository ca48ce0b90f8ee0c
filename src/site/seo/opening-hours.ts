import type { HoursContent } from '../../content/generated/types.ts';
import { DAY_KEYS, upcoming } from '../../lib/hours/schedule.ts';

/** schema.org's OpeningHoursSpecification, as search engines read it. */
export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek?: string[];
  opens: string;
  closes: string;
  validFrom?: string;
  validThrough?: string;
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * The week's hours: one entry per time range with every day that has it (the defaults give
 * Monday to Friday 09:00–13:00 and 14:00–18:00). Closed days are simply not listed.
 */
export function openingHoursSpecification(hours: HoursContent): OpeningHoursSpecification[] {
  const byRange = new Map<string, OpeningHoursSpecification>();
  DAY_KEYS.forEach((key, index) => {
    for (const { opens, closes } of hours.week[key]) {
      const entry = byRange.get(`${opens}-${closes}`);
      if (entry) entry.dayOfWeek!.push(DAY_NAMES[index]!);
      else
        byRange.set(`${opens}-${closes}`, {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: [DAY_NAMES[index]!],
          opens,
          closes,
        });
    }
  });
  return [...byRange.values()];
}

/**
 * The coming weeks' exceptions from `today` on, as schema.org writes them: a closed day or period
 * opens and closes at 00:00 from validFrom through validThrough; a special opening gives its
 * ranges for its day. Past the window search engines fall back on the week, which is true again.
 */
export function specialOpeningHoursSpecification(
  hours: HoursContent,
  today: string,
): OpeningHoursSpecification[] {
  const spec = (opens: string, closes: string, validFrom: string, validThrough: string) => ({
    '@type': 'OpeningHoursSpecification' as const,
    opens,
    closes,
    validFrom,
    validThrough,
  });
  return upcoming(hours, today).flatMap((item) => {
    if (item.kind === 'fermeture')
      return [spec('00:00', '00:00', item.closure.from, item.closure.to)];
    if (item.kind === 'ferie') return [spec('00:00', '00:00', item.date, item.date)];
    return item.opening.ranges.map((r) => spec(r.opens, r.closes, item.date, item.date));
  });
}
