import type { Database } from '../../server/db/database.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { sql } from './fixtures.ts';

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
  return {
    name: 'Camille Martin',
    phone: '06 12 34 56 78',
    email: 'camille@exemple.fr',
    vehicle_make: 'Peugeot',
    vehicle_model: '208',
    vehicle_year: 2017,
    service: DEFAULT_CONTENT.services.servicesList[0]!,
    preferred_dates: [],
    consent: true,
    website: '',
    started_at: started,
    ...overrides,
  };
}
