import { useCallback, useEffect, useRef } from 'react';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';

/**
 * Sends and receives one event on a private topic (administrators only, RLS on
 * realtime.messages). A tab does not receive its own messages. Returns the sender; a message sent
 * before the channel is joined goes over HTTP, as realtime-js does. The sender's promise settles
 * once the message is handed over, so a caller about to leave the topic can wait for it.
 */
export function useBroadcast<T extends object>(
  client: SupabaseClient | null,
  topic: string | null,
  event: string,
  onMessage?: (payload: T) => void,
): (payload: T) => Promise<void> {
  const channel = useRef<RealtimeChannel | null>(null);
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => {
    if (!client || !topic) return;
    const joined = client.channel(topic, { config: { private: true } });
    joined.on('broadcast', { event }, ({ payload }) => latest.current?.(payload as T));
    joined.subscribe();
    channel.current = joined;
    return () => {
      channel.current = null;
      void client.removeChannel(joined);
    };
  }, [client, topic, event]);
  return useCallback(
    async (payload: T) => {
      await channel.current?.send({ type: 'broadcast', event, payload });
    },
    [event],
  );
}
