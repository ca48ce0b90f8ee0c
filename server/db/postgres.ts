import pg from 'pg';
import {
  enterRequest,
  type Database,
  type RequestIdentity,
  type RequestSettings,
  type Tx,
} from './database.ts';

import { NUMBER_OIDS } from './types.ts';
import { describeError, log } from '../log.ts';

// Both drivers hand values back alike (see types.ts): booleans, small numbers, and text for
// everything else, exactly as Postgres printed it.
const rawText = (value: string) => value;
const types = {
  getTypeParser: (oid: number) =>
    oid === 16 ? (v: string) => v === 't' : NUMBER_OIDS.includes(oid) ? Number : rawText,
};

/** A PostgreSQL server: its pool, for what shares state between processes (server/limits). */
export interface PostgresDatabase extends Database {
  readonly kind: 'postgres';
  readonly pool: pg.Pool;
  /**
   * Calls `onMessage` with each notification sent on `channel` by any process, from now on, over
   * a connection of its own that comes back after a failure. Returns the way to stop listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): () => Promise<void>;
}

export function isPostgres(db: Database): db is PostgresDatabase {
  return db.kind === 'postgres' && 'pool' in db;
}

export async function openPostgres(
  connectionString: string,
  poolSize = 10,
): Promise<PostgresDatabase> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    types: types as pg.CustomTypesConfig,
  });
  // An idle pooled connection that PostgreSQL ends (a restart, an administrator's command) is
  // reported here; the pool drops it and opens another when asked. Unheard, it would stop the server.
  pool.on('error', (error) => {
    log.warn(`Connexion à PostgreSQL perdue, elle sera rouverte : ${describeError(error)}`);
  });
  // Fail fast on a wrong DATABASE_URL rather than on the first request.
  await pool.query('select 1');

  async function inTransaction<T>(
    fn: (tx: Tx) => Promise<T>,
    identity?: RequestIdentity,
    settings?: RequestSettings,
  ): Promise<T> {
    const client = await pool.connect();
    // A connection that PostgreSQL ends while it is lent out fails its query (seen below) and also
    // says so as an event: heard here, and the connection is then thrown away, not pooled again.
    let lost: Error | undefined;
    const onLost = (error: Error) => (lost = error);
    client.on('error', onLost);
    const tx: Tx = {
      async query(sql, params) {
        const result = await client.query(sql, params as unknown[] | undefined);
        return { rows: result.rows, affectedRows: result.rowCount ?? 0 };
      },
      async exec(sql) {
        await client.query(sql);
      },
    };
    try {
      await client.query('begin');
      if (identity) await enterRequest(tx, identity, settings);
      const value = await fn(tx);
      await client.query('commit');
      return value;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.off('error', onLost);
      client.release(lost);
    }
  }

  const listeners: (() => Promise<void>)[] = [];
  function listen(channel: string, onMessage: (payload: string) => void): () => Promise<void> {
    let client: pg.Client | undefined;
    let stopped = false;
    const connect = async () => {
      while (!stopped) {
        const next = new pg.Client({ connectionString });
        try {
          await next.connect();
          next.on('notification', (n) => {
            if (n.channel === channel) onMessage(n.payload ?? '');
          });
          next.on('error', () => undefined);
          next.on('end', () => {
            if (!stopped) setTimeout(() => void connect(), 1000).unref();
          });
          await next.query(`listen ${pg.escapeIdentifier(channel)}`);
          client = next;
          return;
        } catch (error) {
          await next.end().catch(() => undefined);
          log.warn(`Écoute de ${channel} impossible, nouvel essai : ${describeError(error)}`);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    };
    void connect();
    const stop = async () => {
      stopped = true;
      await client?.end().catch(() => undefined);
    };
    listeners.push(stop);
    return stop;
  }

  return {
    kind: 'postgres',
    pool,
    listen,
    transaction: (fn) => inTransaction(fn),
    asRequest: (identity, fn, settings) => inTransaction(fn, identity, settings),
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: async () => {
      await Promise.all(listeners.map((stop) => stop()));
      await pool.end();
    },
  };
}
