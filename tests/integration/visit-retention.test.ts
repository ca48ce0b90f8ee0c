import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { sql } from '../helpers/fixtures.ts';
import { DATABASE_BACKENDS } from '../helpers/postgres-db.ts';

// Single visits are kept 25 months at most; older ones remain only as their count per day and
// page, so the statistics still cover five years (docs/legal.md#privacy). With a fixed clock, on
// PGlite and PostgreSQL.

/** The clock of the roll-up: 25 months before it is 2024-10-27T11:00:00Z. */
const AT = '2026-11-27T11:00:00Z';

const VISITS: [page: string, at: string][] = [
  ['home', '2023-05-14T08:00:00Z'],
  ['home', '2023-05-14T21:59:00Z'], // 23:59 in Paris: the same day
  ['blog', '2023-05-14T09:00:00Z'],
  ['home', '2024-10-27T10:59:59Z'], // just older than 25 months
  ['home', '2024-10-27T11:00:00Z'], // exactly 25 months: kept, on the same Paris day
  ['home', '2025-06-01T10:00:00Z'],
  ['home', '2026-11-27T08:00:00Z'],
];

const ADMIN = {
  role: 'authenticated' as const,
  claims: { role: 'authenticated', app_metadata: { role: 'admin' } },
};
const SERVICE = { role: 'service_role' as const, claims: { role: 'service_role' } };

describe.each(DATABASE_BACKENDS)('rolling up old visits on %s', (_name, open) => {
  let db: Database;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ db, close } = await open());
    await migrate(db);
    await sql(
      db,
      `insert into public.visits (page, visited_at)
       select * from unnest($1::text[], $2::timestamptz[])`,
      [VISITS.map((v) => v[0]), VISITS.map((v) => v[1])],
    );
  });
  afterAll(async () => {
    await close?.();
  });

  const yearly = () =>
    db.asRequest(
      ADMIN,
      async (tx) => (await tx.query('select * from public.get_yearly_stats()')).rows,
    );
  const monthly = () =>
    db.asRequest(
      ADMIN,
      async (tx) => (await tx.query('select * from public.get_monthly_stats()')).rows,
    );
  const rollUp = (at?: string) =>
    db.asRequest(SERVICE, async (tx) => {
      const { rows } = await tx.query<{ n: number }>(
        at
          ? 'select public.roll_up_old_visits($1) as n'
          : 'select public.roll_up_old_visits() as n',
        at ? [at] : [],
      );
      return rows[0]!.n;
    });

  it('deletes the single visits older than 25 months and keeps every count the statistics show', async () => {
    const years = await yearly();
    const months = await monthly();
    expect(years.reduce((n, row) => n + Number((row as { visits: number }).visits), 0)).toBe(
      VISITS.length,
    );

    expect(await rollUp(AT)).toBe(4);
    const left = await sql<{ at: string }>(
      db,
      `select to_char(visited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
         from public.visits order by visited_at`,
    );
    expect(left.map((r) => r.at)).toEqual(VISITS.slice(4).map((v) => v[1]));
    expect(await yearly()).toEqual(years);
    expect(await monthly()).toEqual(months);

    // Run again (the daily job): nothing more to do, nothing counted twice.
    expect(await rollUp(AT)).toBe(0);
    expect(await yearly()).toEqual(years);
  });

  it('may be run by the server alone, not by visitors nor administrators', async () => {
    for (const role of [ADMIN, { role: 'anon' as const, claims: { role: 'anon' } }]) {
      await expect(
        db.asRequest(role, (tx) => tx.query('select public.roll_up_old_visits()')),
      ).rejects.toThrow(/permission denied/);
    }
  });
});
