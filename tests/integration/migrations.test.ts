import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { listMigrations, migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { startServer } from '../../server/server.ts';
import { makeClient, testConfig } from '../helpers/server.ts';
import { sql } from '../helpers/fixtures.ts';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../helpers/postgres-db.ts';

const TABLES = [
  'admin_notices',
  'api_keys',
  'blog_posts',
  'content_history',
  'media_texts',
  'request_mails',
  'requests',
  'site_content',
  'visits',
];
const STATS = ['get_daily_stats', 'get_weekly_stats', 'get_monthly_stats', 'get_yearly_stats'];

/** The checks both databases must pass once migrated from scratch. */
function schemaChecks(getDb: () => Database) {
  it('records every migration, and applying them again is a no-op', async () => {
    const db = getDb();
    const versions = (await listMigrations()).map((m) => m.version);
    const recorded = await sql<{ version: string }>(
      db,
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.map((r) => r.version)).toEqual(versions);

    const objects = `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
                     where n.nspname in ('public', 'private')`;
    const [before] = await sql<{ n: number }>(db, objects);
    expect(await migrate(db)).toEqual([]);
    const [after] = await sql<{ n: number }>(db, objects);
    expect(after).toEqual(before);
  });

  it('creates the tables', async () => {
    const rows = await sql<{ relname: string }>(
      getDb(),
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    expect(rows.map((r) => r.relname)).toEqual(TABLES);
  });

  it('enables row level security on every public table', async () => {
    const rows = await sql<{ relname: string; relrowsecurity: boolean }>(
      getDb(),
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    expect(rows).toEqual(TABLES.map((relname) => ({ relname, relrowsecurity: true })));
  });

  it('keeps row level security on the storage tables, and one public bucket for photos', async () => {
    const db = getDb();
    const rows = await sql<{ relname: string; relrowsecurity: boolean }>(
      db,
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'storage' and c.relkind in ('r', 'p') order by c.relname`,
    );
    expect(rows).toEqual([
      { relname: 'buckets', relrowsecurity: true },
      { relname: 'objects', relrowsecurity: true },
    ]);
    expect(
      await sql(db, 'select id, public, file_size_limit::int as limit from storage.buckets'),
    ).toEqual([{ id: 'media', public: true, limit: 15 * 1024 * 1024 }]);
  });

  it("sets search_path = '' on every security definer function", async () => {
    const rows = await sql<{ name: string; config: string | null }>(
      getDb(),
      `select p.proname as name, array_to_string(p.proconfig, ',') as config
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')
        order by p.proname`,
    );
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['increment_views', 'publish_due_posts', ...STATS]),
    );
    for (const row of rows)
      expect({ name: row.name, config: row.config }).toEqual({
        name: row.name,
        config: 'search_path=""',
      });
  });

  it('grants EXECUTE only to the roles that need it', async () => {
    const rows = await sql<{ role: string; fn: string; ok: boolean }>(
      getDb(),
      `select r as role, f as fn, has_function_privilege(r, 'public.' || f || (case when f = 'increment_views' then '(text)' else '()' end), 'execute') as ok
         from unnest(array['anon', 'authenticated', 'service_role']) r,
              unnest(array['increment_views', 'publish_due_posts', 'get_daily_stats', 'get_weekly_stats',
                           'get_monthly_stats', 'get_yearly_stats']) f
        order by 1, 2`,
    );
    const allowed = (role: string, fn: string) =>
      fn === 'increment_views' ||
      role === 'service_role' ||
      (role === 'authenticated' && fn.startsWith('get_'));
    expect(rows).toEqual(rows.map(({ role, fn }) => ({ role, fn, ok: allowed(role, fn) })));
    expect(rows).toHaveLength(18);
  });

  it('gives visitors read-only rights on the public content, and none on any other table', async () => {
    const rows = await sql<{ t: string; p: string; ok: boolean }>(
      getDb(),
      `select t, p, has_table_privilege('anon', 'public.' || t, p) as ok
         from unnest($1::text[]) t,
              unnest(array['select', 'insert', 'update', 'delete']) p order by 1, 2`,
      [TABLES],
    );
    expect(rows.filter((r) => r.ok)).toEqual([
      { t: 'blog_posts', p: 'select', ok: true },
      { t: 'media_texts', p: 'select', ok: true },
      { t: 'site_content', p: 'select', ok: true },
    ]);
  });

  it('makes slugs with accents folded in either case, whatever the database locale', async () => {
    const rows = await sql<{ slug: string }>(
      getDb(),
      "select public.slugify('École : ÉTÉ À PARIS, Œuvre & Ça va ?') as slug",
    );
    expect(rows).toEqual([{ slug: 'ecole-ete-a-paris-oeuvre-ca-va' }]);
  });

  it('enforces the policies for a visitor and refuses them the statistics', async () => {
    const db = getDb();
    await sql(db, 'delete from public.blog_posts');
    await sql(
      db,
      `insert into public.blog_posts (title, slug, content, published_at, scheduled_at) values
         ('Publié', 'publie', 'Texte', now() - interval '1 day', null),
         ('Brouillon', 'brouillon', 'Texte', null, null),
         ('Demain', 'demain', 'Texte', now() + interval '1 day', null),
         ('Programmé', 'programme', 'Texte', null, now() + interval '1 day')`,
    );
    const anon = { role: 'anon' as const, claims: { role: 'anon' } };
    const seen = await db.asRequest(anon, (tx) =>
      tx.query<{ slug: string }>('select slug from public.blog_posts'),
    );
    expect(seen.rows).toEqual([{ slug: 'publie' }]);
    await expect(
      db.asRequest(anon, (tx) => tx.query('select * from public.get_daily_stats()')),
    ).rejects.toMatchObject({
      code: '42501',
    });
    const admin = {
      role: 'authenticated' as const,
      claims: { role: 'authenticated', app_metadata: { role: 'admin' } },
    };
    const stats = await db.asRequest(admin, (tx) =>
      tx.query('select * from public.get_daily_stats()'),
    );
    expect(stats.rows).toHaveLength(30);
    await sql(db, 'delete from public.blog_posts');
  });
}

describe('migrations on a fresh PGlite', () => {
  let db: Database;
  let applied: string[];
  beforeAll(async () => {
    db = await openPglite({});
    applied = await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('apply every migration in order', async () => {
    expect(applied).toEqual((await listMigrations()).map((m) => m.version));
  });
  schemaChecks(() => db);
});

describe('migrations on a real PostgreSQL server (TEST_DATABASE_URL)', () => {
  let testDb: TestDatabase | undefined;
  let db: Database;
  let applied: string[];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openPostgres(testDb.url);
    applied = await migrate(db);
  });
  afterAll(async () => {
    await db?.close().catch(() => undefined);
    await testDb?.drop();
  });

  it('has a PostgreSQL server to run on', () => {
    expect(testDatabaseUrl()).toMatch(/^postgres(ql)?:\/\//);
  });
  it('apply every migration in order', async () => {
    expect(applied).toEqual((await listMigrations()).map((m) => m.version));
  });
  schemaChecks(() => db);

  it('serves the seeded content through supabase-js', async () => {
    const config = await testConfig({ databaseUrl: testDb!.url });
    // The server owns and closes its own connection pool.
    const server = await startServer(config, await openPostgres(testDb!.url));
    try {
      const { data, error, status } = await makeClient(server.url, config.anonKey)
        .from('site_content')
        .select('type, content')
        .eq('type', 'pricing');
      expect({ status, error }).toEqual({ status: 200, error: null });
      expect(data).toEqual([
        {
          type: 'pricing',
          content: expect.objectContaining({ t1: expect.stringContaining('55') }),
        },
      ]);
    } finally {
      await server.close();
    }
  });
});
