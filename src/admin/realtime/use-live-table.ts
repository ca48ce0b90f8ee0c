import { useEffect, useRef } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { uniqueTopic } from './topics.ts';

/**
 * Calls `onChange` whenever a row of `table` is inserted, updated or deleted (postgres changes,
 * authorized by RLS; the table must be in the `supabase_realtime` publication). The caller reads
 * the data again (React Query invalidation) rather than merging rows by hand: the list keeps its
 * order, filters and pages as the server computes them. After a reconnection, changes made while
 * the socket was down were missed: `onChange` is called once more then.
 */
export function useLiveTable(
  client: SupabaseClient | null,
  table: string,
  onChange: () => void,
): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!client) return;
    let joinedBefore = false;
    const channel = client
      .channel(uniqueTopic(`table:${table}`))
      .on('postgres_changes', { event: '*', schema: 'public', table }, () => latest.current())
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        if (joinedBefore) latest.current();
        joinedBefore = true;
      });
    return () => {
      void client.removeChannel(channel);
    };
  }, [client, table]);
}
