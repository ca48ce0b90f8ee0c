import type { SupabaseClient } from '@supabase/supabase-js';
import { addDays } from '../../lib/hours/holidays.ts';
import { parisInputToIso } from '../../lib/dates-paris.ts';

export interface MonthFigures {
  /** Requests received since the first of the month (Paris time). */
  received: number;
  /** Appointments confirmed since the first of the month. */
  confirmed: number;
  /** Appointments of this month whose customer did not come (status « non venu »). */
  noShows: number;
}

export const monthFiguresKeys = {
  month: (month: string) => ['admin', 'month-figures', month] as const,
};

/** The first day of the month holding `today` ('YYYY-MM-DD') and the first of the next one. */
export function monthBounds(today: string): { first: string; next: string } {
  const first = `${today.slice(0, 7)}-01`;
  const next = addDays(first, 32).slice(0, 7) + '-01';
  return { first, next };
}

async function count(query: PromiseLike<{ count: number | null; error: unknown }>) {
  const { count: n, error } = await query;
  if (error) throw error;
  return n ?? 0;
}

/**
 * This month's figures, each counted by the database (a head request with an exact count: no row
 * travels), whatever the number of requests stored.
 */
export async function readMonthFigures(
  client: SupabaseClient,
  today: string,
): Promise<MonthFigures> {
  const { first, next } = monthBounds(today);
  const since = parisInputToIso(`${first}T00:00`)!;
  const head = () => client.from('requests').select('id', { count: 'exact', head: true });
  const [received, confirmed, noShows] = await Promise.all([
    count(head().gte('created_at', since)),
    count(head().gte('confirmed_at', since)),
    count(
      head().eq('status', 'non_venu').gte('appointment_date', first).lt('appointment_date', next),
    ),
  ]);
  return { received, confirmed, noShows };
}
