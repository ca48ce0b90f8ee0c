import { loadPublicRest } from '../../../lib/public-client.ts';
import { lastOfferedDay, type HalfDayLoad } from '../../../lib/hours/half-days.ts';

/**
 * How many appointments take each half-day the form offers from `today` on
 * (public.half_day_load: counts only, nothing about anyone), for a form the server did not
 * render. Null when the API cannot be reached: the form then offers the open half-days, and the
 * database still refuses a full one.
 */
export async function fetchHalfDayLoad(today: string): Promise<HalfDayLoad[] | null> {
  try {
    const rest = await loadPublicRest();
    if (!rest) return null;
    const { data, error } = await rest.rpc('half_day_load', {
      from_day: today,
      to_day: lastOfferedDay(today),
    });
    return !error && Array.isArray(data) ? (data as HalfDayLoad[]) : null;
  } catch {
    return null;
  }
}
