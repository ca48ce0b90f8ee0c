import type { MiddlewareHandler } from 'hono';
import type { Database } from './db/database.ts';

/**
 * Counts the writes this process made to a database that may change what a visitor reads. The
 * server-rendered pages are cached under the version they were rendered at (server/render), so a
 * cached page is served only while no such write happened since, without asking the database.
 *
 * That is exact when every write goes through this process: PGlite, whose data directory only one
 * process may open (server/db/data-dir-lock.ts). Over a PostgreSQL server other processes may
 * write, and the renderer checks a stamp read from the database instead (freshness.server.ts).
 */
export class ContentVersion {
  #value = 0;

  get value(): number {
    return this.#value;
  }

  bump(): void {
    this.#value += 1;
  }
}

const versions = new WeakMap<Database, ContentVersion>();

/** The version of `db` as this process sees it: the API, the publication job and the renderer share it. */
export function contentVersion(db: Database): ContentVersion {
  let version = versions.get(db);
  if (!version) {
    version = new ContentVersion();
    versions.set(db, version);
  }
  return version;
}

/**
 * Writes made on every visit that cannot change a public page when they happen: the article's view
 * count (the pages' time to live bounds how far it lags) and the visits (read by administrators only).
 */
const VISIT_WRITES = new Set(['/rest/v1/rpc/increment_views', '/rest/v1/visits']);
const VISIT_FUNCTIONS = new Set(['recordVisit']);

/**
 * Whether an API request that ended with `status` may have changed what a visitor reads: any
 * successful write through REST, RPC or a function (a function's own writes reach REST too, see
 * server/functions), except the visit writes above. Auth requests only touch accounts and sessions.
 */
export function mayChangePublicContent(method: string, path: string, status: number): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  if (status < 200 || status > 299) return false;
  if (path.startsWith('/rest/v1/')) return !VISIT_WRITES.has(path);
  if (path.startsWith('/functions/v1/')) {
    const name = path.slice('/functions/v1/'.length).split('/')[0] ?? '';
    return !VISIT_FUNCTIONS.has(name);
  }
  return false;
}

const readOnlyRequests = new WeakSet<Request>();

/**
 * Records that an API request ran read-only although sent with POST: an RPC of a stable function
 * (is_admin, the statistics) cannot have changed anything, so it keeps the cached pages.
 */
export function ranReadOnly(request: Request): void {
  readOnlyRequests.add(request);
}

/** Bumps `version` once a request that may have changed public content has been answered. */
export function bumpAfterWrites(version: ContentVersion): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (readOnlyRequests.has(c.req.raw)) return;
    if (mayChangePublicContent(c.req.method, c.req.path, c.res.status)) version.bump();
  };
}
