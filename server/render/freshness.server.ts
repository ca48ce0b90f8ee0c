import { contentVersion } from '../content-version.ts';
import type { Database } from '../db/database.ts';
import { readContentStamp } from './db-source.server.ts';
import { freshRead } from './fresh-read.server.ts';

/** What a cached page was rendered under: the page is served while the current stamp is equal. */
export interface Freshness {
  /** The stamp now, when this process knows it without asking the database; otherwise undefined. */
  known(): string | undefined;
  /** The stamp now, read from the database when this process cannot know it. */
  current(): Promise<string>;
}

/**
 * On PGlite every write goes through this process, which counts them (server/content-version.ts):
 * a cache hit touches no database. A PostgreSQL server may be written by other processes too
 * (another instance of the server, psql, a scheduled job), so there every request reads the
 * content version, one row that triggers move on every write (readContentStamp), shared among
 * concurrent requests (fresh-read.server.ts).
 *
 * Learning of writes by LISTEN/NOTIFY instead would save that read, but a notification arrives
 * after the commit: a request in between would be answered from a page the write made stale.
 */
export function contentFreshness(db: Database): Freshness {
  if (db.kind === 'pglite') {
    const version = contentVersion(db);
    return {
      known: () => String(version.value),
      current: () => Promise.resolve(String(version.value)),
    };
  }
  const stamp = freshRead(() => readContentStamp(db));
  return { known: () => undefined, current: stamp };
}
