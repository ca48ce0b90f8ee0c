import type { Channel } from './channel.ts';
import type { Connection } from './connection.ts';
import { canWrite, readPolicies, type Extension } from './policies.ts';
import { encodeBinaryBroadcast, type BinaryBroadcast, type Message } from './protocol.ts';
import { checkToken, withToken } from './tokens.ts';

// What a joined channel's client may send besides heartbeats and leaving: a new token, a
// broadcast, presence. As hosted Supabase Realtime answers them.

/** A new `access_token`: checked, then the channel's identity (and private policies) follow it. */
export async function updateToken(
  connection: Connection,
  channel: Channel,
  payload: unknown,
): Promise<void> {
  const token = (payload as { access_token?: unknown } | null)?.access_token;
  if (typeof token !== 'string' || token === '') return;
  const checked = await checkToken(token, connection.service.secret, connection.service.sessions);
  if (!checked.ok) {
    connection.shutDown(channel, checked.message);
    return;
  }
  const identity = withToken(checked.identity, token);
  if (channel.isPrivate) {
    const policies = await readPolicies(connection.service.db, identity, channel.name);
    if (!policies.broadcast.read && !policies.presence.read) {
      connection.shutDown(
        channel,
        `You no longer have permission to read from this Channel topic: ${channel.name}`,
      );
      return;
    }
    channel.policies = policies;
  }
  channel.setIdentity(identity, checked.exp);
  connection.scheduleTokenCheck(channel);
}

/** Public channels: always; private ones: the write policy, read once per channel and token. */
async function allowed(
  connection: Connection,
  channel: Channel,
  extension: Extension,
): Promise<boolean> {
  if (!channel.isPrivate) return true;
  const policies = channel.policies!;
  policies[extension].write ??= await canWrite(
    connection.service.db,
    channel.identity,
    channel.name,
    extension,
  );
  return policies[extension].write === true;
}

/** A client's broadcast, to the other members of the room (and itself with `self`). */
export async function broadcast(
  connection: Connection,
  channel: Channel,
  message: Message,
): Promise<void> {
  const payload = message.payload as { event?: unknown; payload?: unknown } | null;
  if (typeof payload?.event !== 'string') return;
  if (!(await allowed(connection, channel, 'broadcast'))) {
    if (channel.ackBroadcast)
      channel.reply(message.ref, 'error', {
        reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${channel.name}`,
      });
    return;
  }
  const bytes = (message as BinaryBroadcast).bytes;
  const out: Message = {
    joinRef: null,
    ref: null,
    topic: channel.topic,
    event: 'broadcast',
    payload,
  };
  connection.service.hub.broadcast(
    channel.topic,
    channel.isPrivate,
    channel,
    out,
    bytes ? encodeBinaryBroadcast(channel.topic, payload.event, bytes) : undefined,
  );
  if (channel.ackBroadcast) channel.reply(message.ref, 'ok');
}

/** A presence `track` or `untrack`. */
export async function presence(
  connection: Connection,
  channel: Channel,
  message: Message,
): Promise<void> {
  const payload = message.payload as { event?: unknown; payload?: unknown } | null;
  if (!(await allowed(connection, channel, 'presence'))) {
    channel.reply(message.ref, 'error', {
      reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${channel.name}`,
    });
    return;
  }
  if (payload?.event === 'track') {
    const meta = payload.payload;
    if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
      channel.reply(message.ref, 'error', { reason: 'Presence track payload must be a map' });
      return;
    }
    // Held for as long as the channel is joined: bounded, as hosted Supabase bounds tracks.
    if (JSON.stringify(meta).length > connection.limits.maxPresenceBytes) {
      connection.shutDown(channel, 'Track message size exceeded');
      return;
    }
    if (!channel.presenceEnabled) {
      // Presence turned on by this track: the room's state first, then the diffs (hosted Supabase
      // syncs the state when it enables presence).
      channel.presenceEnabled = true;
      if (channel.canReceive('presence'))
        channel.send({
          joinRef: channel.joinRef,
          ref: null,
          topic: channel.topic,
          event: 'presence_state',
          payload: connection.service.hub.presenceState(channel),
        });
    }
    connection.service.hub.track(channel, meta as Record<string, unknown>);
    channel.reply(message.ref, 'ok');
  } else if (payload?.event === 'untrack') {
    connection.service.hub.untrack(channel);
    channel.reply(message.ref, 'ok');
  }
}
