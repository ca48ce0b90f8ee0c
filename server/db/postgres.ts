import pg from 'pg';
import { enterRequest, type Database, type RequestIdentity, type Tx } from './database.ts';

import { NUMBER_OIDS } from './types.ts';

// Both drivers hand values back alike (see types.ts): booleans, small numbers, and text for
// everything else, exactly as Postgres printed it.
const rawText = (value: string) => value;
const types = {
  getTypeParser: (oid: number) =>
    oid === 16 ? (v: string) => v === 't' : NUMBER_OIDS.includes(oid) ? Number : rawText,
};

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    types: types as pg.CustomTypesConfig,
  });
  // Fail fast on a wrong DATABASE_URL rather than on the first request.
  await pool.query('select 1');

  async function inTransaction<T>(
    fn: (tx: Tx) => Promise<T>,
    identity?: RequestIdentity,
  ): Promise<T> {
    const client = await pool.connect();
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
      if (identity) await enterRequest(tx, identity);
      const value = await fn(tx);
      await client.query('commit');
      return value;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    kind: 'postgres',
    transaction: (fn) => inTransaction(fn),
    asRequest: (identity, fn) => inTransaction(fn, identity),
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
