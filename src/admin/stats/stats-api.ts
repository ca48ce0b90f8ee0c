import type { SupabaseClient } from '@supabase/supabase-js';
import {
  normalizeRows,
  PERIODS,
  type RawRequestRow,
  type RawStatRow,
  type StatRow,
  type StatsPeriod,
} from './stats-model.ts';
import type { RawSourceRow } from './request-sources-model.ts';

/**
 * The period's visits and, for the same buckets, its requests (get_request_stats); rows of period,
 * visits and requests, newest first.
 */
export async function fetchStats(
  client: SupabaseClient | null,
  period: StatsPeriod,
): Promise<StatRow[]> {
  if (!client) throw new Error('Supabase non configuré');
  const [visits, requests] = await Promise.all([
    client.rpc(PERIODS[period].rpc),
    client.rpc('get_request_stats', { unit: PERIODS[period].unit }),
  ]);
  if (visits.error) throw visits.error;
  if (requests.error) throw requests.error;
  return normalizeRows(visits.data as RawStatRow[] | null, requests.data as RawRequestRow[] | null);
}

/** The period's requests per source (get_request_sources), only the sources each period has. */
export async function fetchRequestSources(
  client: SupabaseClient,
  period: StatsPeriod,
): Promise<RawSourceRow[]> {
  const { data, error } = await client.rpc('get_request_sources', { unit: PERIODS[period].unit });
  if (error) throw error;
  return (data ?? []) as RawSourceRow[];
}
