import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ADMIN, sql } from '../helpers/fixtures.ts';
import { awayFromParisMidnight, parisBuckets, type Unit } from '../helpers/paris-time.ts';

// Statistics bucket visits by Europe/Paris calendar periods, zero-filled, newest first
// (docs/decisions/014-visits-and-statistics.md). Visits are placed 30 s inside each edge of every
// period, so a bucket computed in UTC, with a fixed offset, or shifted by one period gets a
// different count.

const FUNCTIONS: { fn: string; unit: Unit; count: number; label: RegExp }[] = [
  { fn: 'get_daily_stats', unit: 'day', count: 30, label: /^\d{4}-\d{2}-\d{2}$/ },
  { fn: 'get_weekly_stats', unit: 'week', count: 12, label: /^\d{4}-S\d{2}$/ },
  { fn: 'get_monthly_stats', unit: 'month', count: 12, label: /^\d{4}-\d{2}$/ },
  { fn: 'get_yearly_stats', unit: 'year', count: 5, label: /^\d{4}$/ },
];

const EDGE_MS = 30_000;
/** Room for awayFromParisMidnight(), which may wait up to 75 s. */
const MIDNIGHT_TIMEOUT_MS = 120_000;

interface Row {
  period: string;
  visits: number;
}

/** Seeds visits at both edges of each period, and two just before the oldest one; returns what each period must count. */
async function seedVisits(server: TestServer, unit: Unit, count: number): Promise<Row[]> {
  await awayFromParisMidnight();
  const buckets = parisBuckets(unit, count);
  const visits: { page: string; at: string }[] = [];
  const expected: Row[] = [];
  buckets.forEach((bucket, i) => {
    const atStart = (i % 3) + 1;
    for (let n = 0; n < atStart; n++) {
      visits.push({ page: 'home', at: new Date(bucket.start.getTime() + EDGE_MS).toISOString() });
    }
    // The current period's end is still to come.
    const atEnd = i === 0 ? 0 : 1;
    if (atEnd)
      visits.push({ page: 'blog', at: new Date(bucket.end.getTime() - EDGE_MS).toISOString() });
    expected.push({ period: bucket.label, visits: atStart + atEnd });
  });
  const before = new Date(buckets[count - 1]!.start.getTime() - EDGE_MS).toISOString();
  visits.push({ page: 'home', at: before }, { page: 'blog', at: before });
  await sql(
    server.db,
    `insert into public.visits (page, visited_at)
     select v ->> 'page', (v ->> 'at')::timestamptz from jsonb_array_elements($1::jsonb) v`,
    [JSON.stringify(visits)],
  );
  return expected;
}

const normalize = (rows: { period: unknown; visits: unknown }[]): Row[] =>
  rows.map((r) => ({ period: String(r.period), visits: Number(r.visits) }));

describe('visit statistics', () => {
  let server: TestServer;
  let admin: SupabaseClient | undefined;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await sql(server.db, 'delete from public.visits');
  });

  const callers: [string, (fn: string) => Promise<Row[]>][] = [
    [
      'in SQL under an administrator’s claims',
      (fn) =>
        server.db.asRequest(
          {
            role: 'authenticated',
            claims: { role: 'authenticated', app_metadata: { role: 'admin' } },
          },
          async (tx) =>
            normalize((await tx.query<Row>(`select period, visits from public.${fn}()`)).rows),
        ),
    ],
    [
      'through supabase-js signed in as an administrator',
      async (fn) => {
        admin ??= await (async () => {
          await server.createUser(ADMIN.email, ADMIN.password, true);
          return server.signedInClient(ADMIN.email, ADMIN.password);
        })();
        const { data, error, status } = await admin.rpc(fn);
        expect({ status, error }).toEqual({ status: 200, error: null });
        const rows = data as Record<string, unknown>[];
        // What the statistics panel reads: exactly a period (text) and a number of visits.
        for (const row of rows) {
          expect(Object.keys(row).sort()).toEqual(['period', 'visits']);
          expect(['number', 'string']).toContain(typeof row.visits);
        }
        return normalize(rows as unknown as Row[]);
      },
    ],
  ];
  describe.each(callers)('%s', (_name, call) => {
    it.each(FUNCTIONS)(
      '$fn returns $count zero-filled periods, newest first, when nothing was visited',
      async ({ fn, unit, count, label }) => {
        await awayFromParisMidnight();
        const rows = await call(fn);
        expect(rows).toEqual(
          parisBuckets(unit, count).map((b) => ({ period: b.label, visits: 0 })),
        );
        for (const row of rows) expect(row.period).toMatch(label);
      },
      MIDNIGHT_TIMEOUT_MS,
    );

    it.each(FUNCTIONS)(
      '$fn counts each visit in its Europe/Paris $unit, edges and DST included',
      async ({ fn, unit, count }) => {
        const expected = await seedVisits(server, unit, count);
        expect(await call(fn)).toEqual(expected);
      },
      MIDNIGHT_TIMEOUT_MS,
    );
  });
});
