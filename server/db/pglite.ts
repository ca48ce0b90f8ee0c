import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { TEXT_OIDS } from './types.ts';
import { lockDataDir } from './data-dir-lock.ts';
import {
  enterRequest,
  type Database,
  type RequestIdentity,
  type RequestSettings,
  type Tx,
} from './database.ts';
import { describeError, log } from '../log.ts';

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
 * PGlite runs Postgres as a single backend, without the checkpointer process: max_wal_size alone
 * never starts a checkpoint, and the WAL grew with every write, even across restarts (160 MB for
 * 5,000 posts of 5 kB saved five times; 65 MB with what follows). So after database work, at most
 * once a second, this process reads how much WAL was written since the last checkpoint and runs
 * one past half of max_wal_size; the checkpoint then keeps between min_wal_size and max_wal_size
 * of WAL files. No timer: a long run of queries never yields to timers, and an idle database
 * writes nothing.
 */
const WAL_SETTINGS = ['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'];
/**
 * Postgres's default shared_buffers (128 MB) is memory a garage's database never fills, and that
 * WebAssembly never gives back once touched: 32 MB keeps the process about 100 MB smaller (the
 * system's file cache still holds what is read often).
 */
const MEMORY_SETTINGS = ['-c', 'shared_buffers=32MB'];
const CHECKPOINT_AFTER_BYTES = 32 * 1024 * 1024;
const WAL_CHECK_INTERVAL_MS = 1000;

function keepWalSmall(pglite: PGlite) {
  let lastCheck = 0;
  let running: Promise<void> | undefined;
  let closed = false;

  async function check() {
    const { rows } = await pglite.query<{ since: string }>(
      'select (pg_current_wal_insert_lsn() - redo_lsn)::text as since from pg_control_checkpoint()',
    );
    if (Number(rows[0]?.since ?? 0) > CHECKPOINT_AFTER_BYTES) await pglite.exec('checkpoint');
  }

  return {
    afterWork() {
      const now = Date.now();
      if (closed || running || now - lastCheck < WAL_CHECK_INTERVAL_MS) return;
      lastCheck = now;
      running = check()
        .catch((error: unknown) => {
          if (!closed) log.warn(`Point de contrôle PGlite impossible : ${describeError(error)}`);
        })
        .finally(() => {
          running = undefined;
        });
    },
    async stop() {
      closed = true;
      await running;
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
    startParams: [...PGlite.defaultStartParams, ...WAL_SETTINGS, ...MEMORY_SETTINGS],
  });
  const wal = keepWalSmall(pglite);
  const tracked = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } finally {
      wal.afterWork();
    }
  };
  return {
    kind: 'pglite',
    pglite,
    transaction: (fn) => tracked(pglite.transaction((tx) => fn(wrap(tx)))),
    asRequest: <T>(
      identity: RequestIdentity,
      fn: (tx: Tx) => Promise<T>,
      settings?: RequestSettings,
    ) =>
      tracked(
        pglite.transaction(async (raw) => {
          const tx = wrap(raw);
          await enterRequest(tx, identity, settings);
          return fn(tx);
        }),
      ),
    exec: (sql) => tracked(pglite.exec(sql).then(() => undefined)),
    // PGlite delivers a NOTIFY to its own process, after commit (docs/decisions/050-realtime.md).
    listen: (channel, onMessage) => {
      const stop = pglite.listen(channel, onMessage);
      return async () => {
        await (
          await stop
        )();
      };
    },
    close: async () => {
      await wal.stop();
      await pglite.close();
      unlock();
    },
  };
}
