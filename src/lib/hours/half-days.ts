/**
 * The half-days a visitor may ask for: open (the hours, closures and public holidays, the
 * half-day itself) and not full (fewer confirmed appointments than the vehicles the owner takes on
 * that weekday's half-day; none when that number is 0). Pure: `today` is a Paris calendar day
 * given by the caller, the load is read by the caller (public.half_day_load). The database refuses
 * the same half-days (supabase/migrations/20261128040000_half_days.sql);
 * docs/decisions/075-capacity-in-half-days.md.
 */
import type { AppointmentsContent, HoursContent } from '../../content/generated/types.ts';
import { addDays } from './holidays.ts';
import { dayKeyOf, isOpen } from './schedule.ts';

export type HalfDayMoment = 'matin' | 'apres-midi';

export const HALF_DAY_MOMENTS: readonly HalfDayMoment[] = ['matin', 'apres-midi'];

export interface HalfDay {
  /** 'YYYY-MM-DD'. */
  date: string;
  moment: HalfDayMoment;
}

/** How many appointments take a half-day, as public.half_day_load answers. */
export interface HalfDayLoad {
  day: string;
  moment: HalfDayMoment;
  booked: number;
}

/** How many days after today the form offers: a month ahead, as the owner plans the workshop. */
export const OFFER_DAYS = 30;

/** The last day offered when today (in Paris) is `today`. */
export function lastOfferedDay(today: string, days = OFFER_DAYS): string {
  return addDays(today, days);
}

/** The vehicles the owner takes on that half-day (0: no appointment then). */
export function capacityOf(appointments: AppointmentsContent, half: HalfDay): number {
  return appointments.capacity[dayKeyOf(half.date)][half.moment];
}

/**
 * The `days` days after today, each half-day that is open and has room left, in date order
 * (morning first). Today is not offered: its half-days are under way or over by the time the
 * owner reads the request.
 */
export function freeHalfDays(
  hours: HoursContent,
  appointments: AppointmentsContent,
  load: readonly HalfDayLoad[],
  today: string,
  days = OFFER_DAYS,
): HalfDay[] {
  const booked = new Map(load.map((row) => [`${row.day} ${row.moment}`, row.booked]));
  const last = lastOfferedDay(today, days);
  const free: HalfDay[] = [];
  for (let date = addDays(today, 1); date <= last; date = addDays(date, 1)) {
    for (const moment of HALF_DAY_MOMENTS) {
      const half = { date, moment };
      if (!isOpen(hours, date, moment)) continue;
      if ((booked.get(`${date} ${moment}`) ?? 0) >= capacityOf(appointments, half)) continue;
      free.push(half);
    }
  }
  return free;
}
