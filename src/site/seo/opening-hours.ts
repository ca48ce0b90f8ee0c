import type { HoursContent } from '../../content/generated/types.ts';

/** schema.org's OpeningHoursSpecification, as search engines read it. */
export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

type Range = [opens: string, closes: string];

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const CLOSED = /^ferm[ée]e?s?\.?$/i;
// "9h", "9h00", "09:30", "9 h 30"; the minutes are optional only after "h".
const TIME = String.raw`(\d{1,2})\s*(?:h\s*(\d{2})?|:\s*(\d{2}))`;
const RANGE = new RegExp(String.raw`^${TIME}\s*(?:-|–|—|à)\s*${TIME}$`, 'i');

function clock(hours: string | undefined, minutes: string | undefined): string | null {
  const h = Number(hours);
  const m = Number(minutes ?? '0');
  if (!Number.isInteger(h) || h > 24 || m > 59 || (h === 24 && m > 0)) return null;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * The ranges of one day's text: `[]` for "Fermé", `null` when the text says anything this reader
 * does not understand (then the caller publishes no hours at all rather than guess).
 */
export function parseDayHours(text: string): Range[] | null {
  const value = text.trim();
  if (CLOSED.test(value)) return [];
  const parts = value.split(/\s+et\s+|\s*[,;/]\s*/i).filter((part) => part !== '');
  if (parts.length === 0) return null;
  const ranges: Range[] = [];
  for (const part of parts) {
    const match = RANGE.exec(part.trim());
    if (!match) return null;
    const opens = clock(match[1], match[2] ?? match[3]);
    const closes = clock(match[4], match[5] ?? match[6]);
    if (!opens || !closes || opens >= closes) return null;
    const previous = ranges.at(-1);
    if (previous && previous[1] > opens) return null;
    ranges.push([opens, closes]);
  }
  return ranges;
}

/**
 * The week's opening hours from the owner's free text (weekdays, Saturday, Sunday), or `null` when
 * any of the three cannot be read: search engines take absent hours as unknown, but wrong hours as
 * a promise. Closed days are simply not listed. Holidays vary by date, so they are not published.
 */
export function openingHoursSpecification(hours: HoursContent): OpeningHoursSpecification[] | null {
  const days: [string[], string][] = [
    [WEEKDAYS, hours.weekdays],
    [['Saturday'], hours.saturday],
    [['Sunday'], hours.sunday],
  ];
  const specification: OpeningHoursSpecification[] = [];
  for (const [dayOfWeek, text] of days) {
    const ranges = parseDayHours(text);
    if (ranges === null) return null;
    for (const [opens, closes] of ranges) {
      specification.push({ '@type': 'OpeningHoursSpecification', dayOfWeek, opens, closes });
    }
  }
  return specification;
}
