import type { Database, RequestIdentity, Tx } from '../db/database.ts';
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

/**
 * Settings of the request's transaction, in one statement: read-only for GET and HEAD (as PostgREST:
 * a volatile function called by GET then fails with 25006), and the time zone of `Prefer:
 * timezone=`, in which timestamps are rendered. Nothing is sent when neither applies.
 */
export async function applySettings(
  tx: Tx,
  settings: { readOnly: boolean; timezone: string | null },
): Promise<void> {
  const calls = settings.readOnly ? ["set_config('transaction_read_only', 'on', true)"] : [];
  const params = settings.timezone === null ? [] : [settings.timezone];
  if (settings.timezone !== null) calls.push("set_config('timezone', $1, true)");
  if (calls.length > 0) await tx.query(`select ${calls.join(', ')}`, params);
}
