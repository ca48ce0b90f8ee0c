import { mkdtemp, readdir, copyFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterRequest, type Database, type Tx } from '../../server/db/database.ts';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { sql } from '../helpers/fixtures.ts';
import { fromParis, toParis } from '../helpers/paris-time.ts';
import { createTestDatabase } from '../helpers/postgres-db.ts';

// The statistics read a count of visits per Paris day kept by triggers
// (docs/decisions/007-statistics-and-freshness-at-scale.md). Here they must return exactly what the
// functions returned when they counted the visits themselves, on randomized visits around every
// edge a day count could get wrong, after inserts, deletes, updates and a truncate, and on a
// database whose visits were stored before the count existed.

/** The first migration of the per-day count: the backfill test stops just before it. */
const ROLLUP_MIGRATION = '20261123001000';

/** The statistics functions' body before the per-day count, verbatim but for its parameters. */
const ORACLE = `
  with bounds as (
    select date_trunc($1::text, now() at time zone 'Europe/Paris') as newest
  ),
  buckets as (
    select bucket, bucket + ('1 ' || $1::text)::interval as bucket_end
      from bounds,
           generate_series(newest - (($2::integer - 1) || ' ' || $1::text)::interval, newest, ('1 ' || $1::text)::interval) as bucket
  )
  select to_char(b.bucket, $3::text) as period, count(v.id) as visits
    from buckets b
    left join public.visits v
      on v.visited_at >= (b.bucket at time zone 'Europe/Paris')
     and v.visited_at < (b.bucket_end at time zone 'Europe/Paris')
   group by b.bucket
   order by b.bucket desc`;

const STATS = [
  { fn: 'get_daily_stats', unit: 'day', periods: 30, label: 'YYYY-MM-DD' },
  { fn: 'get_weekly_stats', unit: 'week', periods: 12, label: 'IYYY-"S"IW' },
  { fn: 'get_monthly_stats', unit: 'month', periods: 12, label: 'YYYY-MM' },
  { fn: 'get_yearly_stats', unit: 'year', periods: 5, label: 'YYYY' },
] as const;

const ADMIN = {
  role: 'authenticated' as const,
  claims: { role: 'authenticated', app_metadata: { role: 'admin' } },
};

/** A small seeded generator, so that a failure can be replayed with the seed it prints. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.STATS_SEED ?? Date.now() % 1_000_000);
const PAGES = ['home', 'blog', 'contact', 'freins-hiver-2'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Offsets around an edge: exactly on it, a microsecond, a second and a minute either side. */
const AROUND = [0, -0.001, 0.001, -1000, 1000, -60_000, 60_000];

/** The last Sunday of a month, as a civil date (EU clocks change then, at 01:00 UTC). */
function lastSunday(y: number, m: number): number {
  const last = new Date(Date.UTC(y, m, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/**
 * Visit times spread over six years back and two days ahead: uniform ones, and ones around Paris
 * midnights (of random days, of today, of Mondays, of the first of months and years) and around
 * both DST changes of every year, where a day is 23 or 25 hours long.
 */
function visitTimes(next: () => number, count: number): string[] {
  const now = Date.now();
  const today = toParis(new Date(now));
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(now - 6 * 365 * DAY * next() + 2 * DAY * next());
  const edges: number[] = [];
  for (let i = -1; i < 40; i++) edges.push(fromParis(today.y, today.m, today.d - i).getTime());
  for (let i = 0; i < 80; i++) {
    const back = Math.floor(next() * 6 * 365);
    edges.push(fromParis(today.y, today.m, today.d - back).getTime());
  }
  for (let y = today.y - 6; y <= today.y + 1; y++) {
    edges.push(fromParis(y, 1, 1).getTime());
    for (let m = 1; m <= 12; m++) edges.push(fromParis(y, m, 1).getTime());
    for (const m of [3, 10]) {
      const d = lastSunday(y, m);
      const change = Date.UTC(y, m - 1, d, 1);
      edges.push(change, change - HOUR, change + HOUR, fromParis(y, m, d).getTime());
      edges.push(fromParis(y, m, d + 1).getTime());
    }
  }
  for (let i = 0; i < 12; i++) {
    const monday =
      today.d - ((new Date(Date.UTC(today.y, today.m - 1, today.d)).getUTCDay() + 6) % 7);
    edges.push(fromParis(today.y, today.m, monday - 7 * i).getTime());
  }
  for (const edge of edges) for (const delta of AROUND) times.push(edge + delta);
  return times.map((ms) => {
    // Microseconds matter at an edge: Date keeps milliseconds only, so they are written by hand.
    const whole = Math.floor(ms);
    const micros = Math.round((ms - whole) * 1000);
    return new Date(whole).toISOString().replace('Z', `${String(micros).padStart(3, '0')}Z`);
  });
}

async function insertVisits(db: Database, next: () => number, count: number): Promise<void> {
  const times = visitTimes(next, count);
  const visits = times.map((at) => ({ page: PAGES[Math.floor(next() * PAGES.length)], at }));
  // Most in one statement, a few one by one: both shapes of insert must be counted.
  const single = visits.splice(0, 20);
  await sql(
    db,
    `insert into public.visits (page, visited_at)
     select v ->> 'page', (v ->> 'at')::timestamptz from jsonb_array_elements($1::jsonb) v`,
    [JSON.stringify(visits)],
  );
  for (const visit of single)
    await sql(db, 'insert into public.visits (page, visited_at) values ($1, $2)', [
      visit.page,
      visit.at,
    ]);
  await sql(db, "insert into public.visits (page) values ('home')");
}

/** Each function's rows and the oracle's, read in one transaction so that both see the same now(). */
async function compare(
  db: Database,
): Promise<{ fn: string; expected: unknown; actual: unknown }[]> {
  return db.transaction(async (tx: Tx) => {
    const oracle = [];
    for (const s of STATS) oracle.push((await tx.query(ORACLE, [s.unit, s.periods, s.label])).rows);
    await enterRequest(tx, ADMIN);
    const results = [];
    for (const [i, s] of STATS.entries()) {
      const actual = (await tx.query(`select period, visits from public.${s.fn}()`)).rows;
      results.push({ fn: s.fn, expected: oracle[i], actual });
    }
    return results;
  });
}

async function expectSameAsOracle(db: Database): Promise<void> {
  for (const { fn, expected, actual } of await compare(db))
    expect({ fn, seed: SEED, rows: actual }).toEqual({ fn, seed: SEED, rows: expected });
}

/** The migrations before the per-day count, in a folder of their own. */
async function migrationsBeforeRollup(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-before-rollup-'));
  for (const file of await readdir(MIGRATIONS_DIR))
    if (file.endsWith('.sql') && file < ROLLUP_MIGRATION)
      await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

interface Backend {
  open(): Promise<{ db: Database; close: () => Promise<void> }>;
}

const BACKENDS: [string, Backend][] = [
  [
    'PGlite',
    {
      async open() {
        const db = await openPglite({});
        return { db, close: () => db.close() };
      },
    },
  ],
  [
    'PostgreSQL (TEST_DATABASE_URL)',
    {
      async open() {
        const testDb = await createTestDatabase();
        const db = await openPostgres(testDb.url, 2);
        return {
          db,
          close: async () => {
            await db.close();
            await testDb.drop();
          },
        };
      },
    },
  ],
];

describe.each(BACKENDS)('statistics from the per-day count on %s', (_name, backend) => {
  let db: Database;
  let close: (() => Promise<void>) | undefined;
  const next = random(SEED);

  beforeAll(async () => {
    ({ db, close } = await backend.open());
    await migrate(db);
  });
  afterAll(async () => {
    await close?.();
  });

  it('returns what the functions returned by counting the visits, on randomized visits', async () => {
    await insertVisits(db, next, 3000);
    await expectSameAsOracle(db);
    // Not every period empty: the comparison would prove little on zeros alone.
    const [daily] = await compare(db);
    expect((daily!.actual as { visits: string }[]).some((r) => Number(r.visits) > 0)).toBe(true);
  });

  it('stays exact after visits are deleted, moved to another time or page, and truncated', async () => {
    await sql(db, 'delete from public.visits where id % 7 = 3');
    await expectSameAsOracle(db);
    await sql(
      db,
      "update public.visits set visited_at = visited_at - interval '13 hours' where id % 5 = 1",
    );
    await sql(db, "update public.visits set page = 'contact' where id % 9 = 2");
    await expectSameAsOracle(db);
    // Statements that touch no row change nothing.
    await sql(db, 'delete from public.visits where false');
    await sql(db, "update public.visits set page = 'x' where false");
    await expectSameAsOracle(db);
    await sql(db, 'truncate public.visits');
    await expectSameAsOracle(db);
    await insertVisits(db, next, 500);
    await expectSameAsOracle(db);
  });

  it('counts, once migrated, the visits a database held before the per-day count existed', async () => {
    const before = await migrationsBeforeRollup();
    const old = await backend.open();
    try {
      await migrate(old.db, before.dir);
      await insertVisits(old.db, next, 2000);
      expect(await migrate(old.db)).toContain(ROLLUP_MIGRATION);
      await expectSameAsOracle(old.db);
      await insertVisits(old.db, next, 200);
      await expectSameAsOracle(old.db);
    } finally {
      await old.close();
      await before.remove();
    }
  });

  it('keeps the per-day count from every API role, and the statistics from non-administrators', async () => {
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      await expect(
        db.asRequest({ role, claims: { role } }, (tx) =>
          tx.query('select * from private.visit_days'),
        ),
      ).rejects.toMatchObject({ code: '42501' });
    }
    await expect(
      db.asRequest({ role: 'service_role', claims: { role: 'service_role' } }, (tx) =>
        tx.query("insert into private.visit_days values (current_date, 'home', 1)"),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    const member = { role: 'authenticated' as const, claims: { role: 'authenticated' } };
    for (const { fn } of STATS)
      await expect(
        db.asRequest(member, (tx) => tx.query(`select * from public.${fn}()`)),
      ).rejects.toMatchObject({ code: '42501' });
  });

  it('stores a date, a page and a number per row, nothing about a visitor', async () => {
    const columns = await sql<{ column_name: string }>(
      db,
      `select column_name from information_schema.columns
        where table_schema = 'private' and table_name = 'visit_days' order by ordinal_position`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['day', 'page', 'visits']);
  });
});
