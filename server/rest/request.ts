import type { Database, RequestIdentity } from '../db/database.ts';
import type { Catalog } from './catalog.ts';

/** Everything a handler needs about one API request, once its token and profile were checked. */
export interface RestRequest {
  db: Database;
  identity: RequestIdentity;
  catalog: Catalog;
  method: string;
  url: URL;
  headers: Headers;
  raw: Request;
  /** The configured bounds (`server/rest/limits.ts`), null when switched off. */
  limits: { maxRows: number | null; maxResponseBytes: number | null };
  /** Postgres' time zone names when the request's `Prefer` names one, else null. */
  timezones: Set<string> | null;
}
