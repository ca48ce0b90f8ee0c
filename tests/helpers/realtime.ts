import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { eventually } from './eventually.ts';

/** Subscribes and resolves once SUBSCRIBED; rejects with the channel's error otherwise. */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
        reject(error ?? new Error(status));
    });
  });
}

/** The reason a join is refused (the subscribe callback's CHANNEL_ERROR). */
export function refusedJoin(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') reject(new Error('joined, refusal expected'));
      else if (status === 'CHANNEL_ERROR') {
        resolve(error?.message ?? '');
        void channel.unsubscribe();
      }
    });
  });
}

/** Waits until `check` returns a value (not undefined/false), polling, within `ms`. */
export function until<T>(
  what: string,
  check: () => T | undefined | false,
  ms = 15_000,
): Promise<T> {
  return eventually(what, check, { ms });
}

/** Every postgres_changes payload a channel receives, in order. */
export interface ChangeLog {
  events: {
    table: string;
    eventType: string;
    new: Record<string, unknown>;
    old: Record<string, unknown>;
    commit_timestamp: string;
    errors: unknown;
  }[];
}

/** Listens to every change of `tables` (and of the marker table) on one channel. */
export function changeLog(
  client: SupabaseClient,
  name: string,
  bindings: { table: string; event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string }[],
): { channel: RealtimeChannel; log: ChangeLog } {
  const log: ChangeLog = { events: [] };
  let channel = client.channel(name);
  for (const b of bindings) {
    channel = channel.on(
      'postgres_changes' as never,
      { event: b.event ?? '*', schema: 'public', table: b.table, filter: b.filter } as never,
      (payload: ChangeLog['events'][number]) => log.events.push(payload),
    );
  }
  return { channel, log };
}
