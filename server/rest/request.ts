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
}

/** GET and HEAD run read-only, as PostgREST runs them: a volatile function called by GET fails with 25006. */
export async function readOnly(tx: Tx): Promise<void> {
  await tx.query("select set_config('transaction_read_only', 'on', true)");
}
