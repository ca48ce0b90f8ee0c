import type { Database } from '../../server/db/database.ts';
import { sql } from './fixtures.ts';
import { requestRow } from './request-row.ts';

/**
 * The start of a request form shown `msAgo` milliseconds ago, signed by the database as
 * public.request_form_start signs it when the form is shown: what a visitor who took their time
 * sends. Only the database's own key signs it (read here with the test's direct access).
 */
export async function signedStart(db: Database, msAgo = 20_000): Promise<string> {
  const [row] = await sql<{ token: string }>(
    db,
    'select private.request_form_token($1::bigint) as token',
    [Date.now() - msAgo],
  );
  return row!.token;
}

/**
 * What the request form sends for a visitor who took their time (`started` from `signedStart`):
 * a valid request for the garage's first service, with no preferred day. `overrides` replace or
 * add fields, `undefined` leaves one out.
 */
export function visitorRequest(
  started: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { ...requestRow(), website: '', started_at: started, ...overrides };
}
