import { eventually } from './eventually.ts';

/**
 * Europe/Paris calendar arithmetic for the statistics tests, computed independently of the
 * database (with Intl), so that a bucketing mistake in SQL cannot hide behind the same mistake.
 */

const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface ParisTime {
  y: number;
  m: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

export function toParis(instant: Date): ParisTime {
  const part = (type: string) =>
    Number(formatter.formatToParts(instant).find((p) => p.type === type)!.value);
  return {
    y: part('year'),
    m: part('month'),
    d: part('day'),
    h: part('hour'),
    mi: part('minute'),
    s: part('second'),
  };
}

/** Paris local time minus UTC at this instant, in milliseconds (1 h in winter, 2 h in summer). */
function offsetAt(ms: number): number {
  const t = toParis(new Date(ms));
  return Date.UTC(t.y, t.m - 1, t.d, t.h, t.mi, t.s) - Math.floor(ms / 1000) * 1000;
}

/** The instant of a Paris wall-clock time; fields may overflow (day 0 is the previous month's last). */
export function fromParis(y: number, m: number, d: number, h = 0, mi = 0, s = 0): Date {
  const wall = Date.UTC(y, m - 1, d, h, mi, s);
  const guess = wall - offsetAt(wall);
  return new Date(wall - offsetAt(guess));
}

export interface Bucket {
  label: string;
  start: Date;
  end: Date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** ISO 8601 week-numbering year and week of a civil date. */
function isoWeek(y: number, m: number, d: number): { year: number; week: number } {
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = (date.getUTCDay() + 6) % 7;
  const thursday = new Date(date.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return { year, week };
}

function civil(y: number, m: number, d: number): { y: number; m: number; d: number } {
  const date = new Date(Date.UTC(y, m - 1, d));
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

export type Unit = 'day' | 'week' | 'month' | 'year';

/** The `count` periods ending with the current one, newest first, as the stats functions label them. */
export function parisBuckets(unit: Unit, count: number, now = new Date()): Bucket[] {
  const today = toParis(now);
  const buckets: Bucket[] = [];
  for (let i = 0; i < count; i++) {
    if (unit === 'day') {
      const c = civil(today.y, today.m, today.d - i);
      buckets.push({
        label: `${c.y}-${pad(c.m)}-${pad(c.d)}`,
        start: fromParis(c.y, c.m, c.d),
        end: fromParis(c.y, c.m, c.d + 1),
      });
    } else if (unit === 'week') {
      const weekday = (new Date(Date.UTC(today.y, today.m - 1, today.d)).getUTCDay() + 6) % 7;
      const monday = civil(today.y, today.m, today.d - weekday - 7 * i);
      const { year, week } = isoWeek(monday.y, monday.m, monday.d);
      buckets.push({
        label: `${year}-S${pad(week)}`,
        start: fromParis(monday.y, monday.m, monday.d),
        end: fromParis(monday.y, monday.m, monday.d + 7),
      });
    } else if (unit === 'month') {
      const c = civil(today.y, today.m - i, 1);
      buckets.push({
        label: `${c.y}-${pad(c.m)}`,
        start: fromParis(c.y, c.m, 1),
        end: fromParis(c.y, c.m + 1, 1),
      });
    } else {
      const y = today.y - i;
      buckets.push({ label: String(y), start: fromParis(y, 1, 1), end: fromParis(y + 1, 1, 1) });
    }
  }
  return buckets;
}

/**
 * Waits, when Paris midnight is less than 30 s away or less than 45 s past, until 00:00:45, so that
 * "today" holds during a test and a visit 30 s after midnight is already in the past.
 */
export async function awayFromParisMidnight(): Promise<void> {
  const nearMidnight = () => {
    const t = toParis(new Date());
    const secondsOfDay = t.h * 3600 + t.mi * 60 + t.s;
    return secondsOfDay > 86_400 - 30 || secondsOfDay < 45;
  };
  await eventually('Paris midnight to be well past', () => !nearMidnight(), {
    ms: 90_000,
    every: 1_000,
  });
}
