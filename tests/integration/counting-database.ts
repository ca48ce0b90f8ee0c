import type { Database, Tx } from '../../server/db/database.ts';
import { openPglite } from '../../server/db/pglite.ts';

/** A real database that counts the transactions run on it: how a test sees a cache hit query nothing. */
export interface CountingDatabase extends Database {
  transactions: number;
}

export function countTransactions(db: Database): CountingDatabase {
  const counting: CountingDatabase = {
    transactions: 0,
    kind: db.kind,
    transaction<T>(fn: (tx: Tx) => Promise<T>) {
      counting.transactions += 1;
      return db.transaction(fn);
    },
    asRequest(identity, fn) {
      counting.transactions += 1;
      return db.asRequest(identity, fn);
    },
    exec: (sql) => db.exec(sql),
    listen: (channel, onMessage) => db.listen(channel, onMessage),
    close: () => db.close(),
  };
  return counting;
}

/** A fresh in-memory PGlite (startServer migrates and seeds it), counting its transactions. */
export async function countingPglite(): Promise<CountingDatabase> {
  return countTransactions(await openPglite({}));
}
