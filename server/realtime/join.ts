import { Channel, type ClientBinding } from './channel.ts';
import { checkBinding } from './change-reads.ts';
import type { ChangeBinding } from './changes.ts';
import type { Connection } from './connection.ts';
import { parseFilter } from './filters.ts';
import { readPolicies, type ChannelPolicies } from './policies.ts';
import type { Message } from './protocol.ts';
import type { RealtimeService } from './service.ts';
import { checkToken, withToken } from './tokens.ts';

/** hosted Supabase's cap on the values of an `in` filter. */
export const MAX_IN_VALUES = 100;
const MAX_TOPIC_BYTES = 255;
const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

interface JoinPayload {
  config?: {
    broadcast?: { self?: unknown; ack?: unknown };
    presence?: { key?: unknown; enabled?: unknown };
    postgres_changes?: unknown;
    private?: unknown;
  };
  access_token?: unknown;
}

let nextBindingId = 1;

/**
 * A `phx_join` checked as hosted Supabase Realtime checks it: the token (the join's access_token,
 * else the socket's apikey), a private channel's read policies, and each postgres_changes binding
 * against the catalog. Returns the channel and what to send once the join is answered, or the
 * reason of the refusal.
 */
export async function joinChannel(
  service: RealtimeService,
  connection: Connection,
  message: Message,
): Promise<{ channel: Channel; after: () => void } | { reason: string }> {
  // A topic is kept per channel and travels in binary frames, whose lengths are one byte.
  if (Buffer.byteLength(message.topic) > MAX_TOPIC_BYTES)
    return { reason: `Topic too long: at most ${MAX_TOPIC_BYTES} bytes` };
  const payload = (message.payload ?? {}) as JoinPayload;
  const config = payload.config ?? {};
  const token =
    typeof payload.access_token === 'string' && payload.access_token !== ''
      ? payload.access_token
      : connection.apiKey;
  const checked = await checkToken(token, service.secret, service.sessions);
  if (!checked.ok) return { reason: `${checked.code}: ${checked.message}` };
  const identity = withToken(checked.identity, token);
  const isPrivate = config.private === true;
  const name = message.topic.startsWith('realtime:')
    ? message.topic.slice('realtime:'.length)
    : message.topic;

  let policies: ChannelPolicies | undefined;
  if (isPrivate) {
    policies = await readPolicies(service.db, identity, name);
    if (!policies.broadcast.read && !policies.presence.read)
      return {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`,
      };
  }

  const requested = Array.isArray(config.postgres_changes)
    ? (config.postgres_changes as unknown[])
    : [];
  const echoed: (ClientBinding & { id: number })[] = [];
  const bindings: ChangeBinding[] = [];
  for (const raw of requested) {
    const b = (raw ?? {}) as Record<string, unknown>;
    const event = typeof b.event === 'string' ? b.event.toUpperCase() : '';
    const schema = typeof b.schema === 'string' ? b.schema : '';
    const table = typeof b.table === 'string' && b.table !== '' ? b.table : undefined;
    const filterText = typeof b.filter === 'string' && b.filter !== '' ? b.filter : undefined;
    if (!EVENTS.has(event) || schema === '')
      return {
        reason: 'PostgresChangesSubscriptionError: each binding needs an event and a schema',
      };
    const filter = filterText === undefined ? undefined : parseFilter(filterText, MAX_IN_VALUES);
    if (filter && 'error' in filter)
      return { reason: `PostgresChangesSubscriptionError: ${filter.error}` };
    const binding: ChangeBinding = {
      id: nextBindingId++,
      event: event as ChangeBinding['event'],
      schema,
      table,
      filter,
    };
    const refused = await checkBinding(service.db, service.feed.catalog, binding);
    if (refused) return { reason: `PostgresChangesSubscriptionError: ${refused}` };
    bindings.push(binding);
    echoed.push({
      event: b.event as string,
      schema,
      ...(table === undefined ? {} : { table }),
      ...(filterText === undefined ? {} : { filter: filterText }),
      id: binding.id,
    });
  }

  const presence = config.presence ?? {};
  const channel = new Channel(connection, {
    topic: message.topic,
    joinRef: message.joinRef,
    isPrivate,
    selfBroadcast: config.broadcast?.self === true,
    ackBroadcast: config.broadcast?.ack === true,
    presenceEnabled: presence.enabled === true,
    presenceKey: typeof presence.key === 'string' ? presence.key : '',
    identity,
    tokenExp: checked.exp,
    policies,
    bindings,
  });
  return {
    channel,
    after() {
      channel.reply(message.ref, 'ok', { postgres_changes: echoed });
      if (channel.presenceEnabled && channel.canReceive('presence'))
        channel.send({
          joinRef: channel.joinRef,
          ref: null,
          topic: channel.topic,
          event: 'presence_state',
          payload: service.hub.presenceState(channel),
        });
      if (bindings.length > 0) channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    },
  };
}
