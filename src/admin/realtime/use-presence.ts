import { useEffect, useState } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';

/** Someone else on the same topic: their e-mail and since when (ISO time). */
export interface Presence {
  email: string;
  since: string;
}

/**
 * Who else is on a private topic (another tab, another administrator), each with their e-mail
 * and the time they arrived. This tab tracks itself under a key of its own, so the same
 * administrator in two tabs sees the other tab too. Private channels are for administrators
 * (RLS on realtime.messages).
 */
export function usePresence(client: SupabaseClient | null, topic: string | null): Presence[] {
  const [others, setOthers] = useState<Presence[]>([]);
  useEffect(() => {
    if (!client || !topic) return;
    const key = crypto.randomUUID();
    const since = new Date().toISOString();
    const channel = client.channel(topic, { config: { private: true, presence: { key } } });
    channel.on('presence', { event: 'sync' }, () => {
      const state = channel.presenceState<Partial<Presence>>();
      const list = Object.entries(state)
        .filter(([other]) => other !== key)
        .map(([, metas]) => metas[0])
        .filter((meta): meta is Presence & { presence_ref: string } =>
          Boolean(meta && typeof meta.email === 'string' && typeof meta.since === 'string'),
        )
        .map(({ email, since: from }) => ({ email, since: from }))
        .sort((a, b) => a.since.localeCompare(b.since));
      setOthers(list);
    });
    let active = true;
    channel.subscribe((status) => {
      if (status !== 'SUBSCRIBED') return;
      void client.auth.getSession().then(({ data }) => {
        if (active) void channel.track({ email: data.session?.user.email ?? '', since });
      });
    });
    return () => {
      active = false;
      setOthers([]);
      void client.removeChannel(channel);
    };
  }, [client, topic]);
  return others;
}
