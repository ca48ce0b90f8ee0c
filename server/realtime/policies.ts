import { randomUUID } from 'node:crypto';
import { enterRequest, isPgError, type Database, type RequestIdentity } from '../db/database.ts';

/** What a client may do on a private channel, per extension, as realtime.messages' RLS decides. */
export interface ChannelPolicies {
  broadcast: { read: boolean; write?: boolean };
  presence: { read: boolean; write?: boolean };
}

export type Extension = 'broadcast' | 'presence';

/** Carries a result out of a transaction that must not commit. */
class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

async function rolledBack<T>(run: () => Promise<never>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
}

const setTopic = "select set_config('realtime.topic', $1, true)";

/**
 * Read rights, as hosted Supabase checks them: one row per extension is inserted by the owner,
 * then read back under the client's role, claims and topic through the table's policies; the
 * transaction is rolled back.
 */
export function readPolicies(
  db: Database,
  identity: RequestIdentity,
  topic: string,
): Promise<ChannelPolicies> {
  return rolledBack(() =>
    db.transaction(async (tx) => {
      const broadcast = randomUUID();
      const presence = randomUUID();
      await tx.query(
        `insert into realtime.messages (id, topic, extension, private)
         values ($1, $3, 'broadcast', true), ($2, $3, 'presence', true)`,
        [broadcast, presence, topic],
      );
      await enterRequest(tx, identity);
      await tx.query(setTopic, [topic]);
      const { rows } = await tx.query<{ id: string }>(
        'select id::text as id from realtime.messages where id in ($1::uuid, $2::uuid)',
        [broadcast, presence],
      );
      const seen = new Set(rows.map((r) => r.id));
      throw new Rollback<ChannelPolicies>({
        broadcast: { read: seen.has(broadcast) },
        presence: { read: seen.has(presence) },
      });
    }),
  );
}

/** Write right on one extension: a row inserted under the client's role passes the policies. */
export async function canWrite(
  db: Database,
  identity: RequestIdentity,
  topic: string,
  extension: Extension,
): Promise<boolean> {
  try {
    return await rolledBack<boolean>(() =>
      db.asRequest(identity, async (tx) => {
        await tx.query(setTopic, [topic]);
        await tx.query(
          'insert into realtime.messages (topic, extension, private) values ($1, $2, true)',
          [topic, extension],
        );
        throw new Rollback(true);
      }),
    );
  } catch (error) {
    // 42501: refused by a policy or a grant.
    if (isPgError(error) && error.code === '42501') return false;
    throw error;
  }
}
