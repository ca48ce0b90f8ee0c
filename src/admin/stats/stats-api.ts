import type { SupabaseClient } from '@supabase/supabase-js';
import {
  normalizeRows,
  PERIODS,
  type RawStatRow,
  type StatRow,
  type StatsPeriod,
} from './stats-model.ts';

/** The period's procedure, no payload; rows of period and visits, newest first. */
export async function fetchStats(
  client: SupabaseClient | null,
  period: StatsPeriod,
): Promise<StatRow[]> {
  if (!client) throw new Error('Supabase non configuré');
  const { data, error } = await client.rpc(PERIODS[period].rpc);
  if (error) throw error;
  return normalizeRows(data as RawStatRow[] | null);
}
