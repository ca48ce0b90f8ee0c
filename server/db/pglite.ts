import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { TEXT_OIDS } from './types.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { enterRequest, type Database, type RequestIdentity, type Tx } from './database.ts';

type PGliteTx = Pick<PGlite, 'query' | 'exec'>;

function wrap(tx: PGliteTx): Tx {
  return {
    async query(sql, params) {
      const result = await tx.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as never[], affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql) {
      await tx.exec(sql);
    },
  };
}

/**
 * Opens PGlite in `dataDir` (created when missing), or in memory when `dataDir` is undefined.
 * `loadDataDir` restores a snapshot made by `dumpDataDir`, the fast way to give a test a fresh
 * database that is already migrated.
 */
export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob | File;
}): Promise<Database & { pglite: PGlite }> {
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pgcrypto },
    parsers: Object.fromEntries(TEXT_OIDS.map((oid) => [oid, (value: string) => value])),
  });
  return {
    kind: 'pglite',
    pglite,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    asRequest: <T>(identity: RequestIdentity, fn: (tx: Tx) => Promise<T>) =>
      pglite.transaction(async (raw) => {
        const tx = wrap(raw);
        await enterRequest(tx, identity);
        return fn(tx);
      }),
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    close: async () => {
      await pglite.close();
      unlock();
    },
  };
}
