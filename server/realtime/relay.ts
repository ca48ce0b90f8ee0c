import { randomUUID } from 'node:crypto';
import type { PostgresDatabase } from '../db/postgres.ts';
import { describeError, log } from '../log.ts';
import type { Hub, RelayedBroadcast } from './hub.ts';

/** The NOTIFY channel broadcasts travel on between the processes of one PostgreSQL database. */
export const BROADCAST_CHANNEL = 'realtime_broadcast';
/** NOTIFY refuses payloads of 8000 bytes and more: a larger broadcast stays in its process. */
const MAX_NOTIFY_BYTES = 7900;
/** Broadcasts waiting to be relayed at most; beyond, they stay in their process. */
const MAX_PENDING = 1000;

/**
 * Broadcasts across server processes on one PostgreSQL: each one is sent with `pg_notify` and
 * delivered by every other process to its own members of the room (the sender's process has
 * delivered it already). Returns the way to stop listening.
 */
export function relayBroadcasts(db: PostgresDatabase, hub: Hub): () => Promise<void> {
  const origin = randomUUID();
  let chain: Promise<void> = Promise.resolve();
  let pending = 0;
  hub.relay = (broadcast: RelayedBroadcast) => {
    const payload = JSON.stringify({ origin, ...broadcast });
    if (Buffer.byteLength(payload) >= MAX_NOTIFY_BYTES) {
      log.debug(
        'Temps réel : message trop grand pour les autres processus, diffusé ici seulement.',
      );
      return;
    }
    if (pending >= MAX_PENDING) {
      log.warn(
        'Temps réel : trop de messages en attente pour les autres processus, un est ignoré.',
      );
      return;
    }
    // One after the other: on separate connections, two NOTIFYs could arrive in either order.
    pending += 1;
    chain = chain
      .then(() => db.pool.query('select pg_notify($1, $2)', [BROADCAST_CHANNEL, payload]))
      .then(
        () => undefined,
        (error: unknown) =>
          log.warn(
            `Temps réel : message non relayé aux autres processus : ${describeError(error)}`,
          ),
      )
      .finally(() => {
        pending -= 1;
      });
  };
  const stopListening = db.listen(BROADCAST_CHANNEL, (text) => {
    let message: RelayedBroadcast & { origin?: string };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.origin === origin || typeof message.frame !== 'string') return;
    hub.deliver(
      message.topic,
      message.isPrivate,
      undefined,
      message.binary ? Buffer.from(message.frame, 'base64') : message.frame,
    );
  });
  return async () => {
    hub.relay = undefined;
    await chain;
    await stopListening();
  };
}
