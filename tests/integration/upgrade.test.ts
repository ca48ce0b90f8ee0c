import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import type { Database } from '../../server/db/database.ts';
import { startServer } from '../../server/server.ts';
import { upsertUser } from '../../server/auth/users.ts';
import { CONTENT_TYPES } from '../../src/content/defaults.ts';
import { StartupError } from '../../server/startup-error.ts';
import { testConfig, withClients } from '../helpers/server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres-db.ts';
import { sql } from '../helpers/fixtures.ts';
import FIRST_RELEASE_CONTENT from '../fixtures/first-release-content.json' with { type: 'json' };
import { startServerProcess } from '../helpers/server-process.ts';

// Starting a newer version over an older database: the new migrations apply, in one transaction,
// and the data stays; a migration that fails leaves the database as it was; a database made by a
// newer version than the code is left alone.

/** The last migration of the first release of the site (the three files it shipped). */
const PREVIOUS_RELEASE = '20261122062845';
const OWNER = { email: 'patron@garage.test', password: 'mot-de-passe-ancien-1' };

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'garage-upgrade-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A copy of the migrations folder holding only the files up to `version`, plus `extra` files. */
async function migrationsUpTo(version: string, extra: Record<string, string> = {}) {
  const dir = await mkdtemp(path.join(root, 'migrations-'));
  for (const file of await readdir(MIGRATIONS_DIR)) {
    if (file.split('_')[0]! <= version)
      await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  }
  for (const [name, text] of Object.entries(extra)) await writeFile(path.join(dir, name), text);
  return dir;
}

/** The content types a database accepts (its site_content_type_known check). */
async function acceptedTypes(db: Database): Promise<string[]> {
  const [check] = await sql<{ def: string }>(
    db,
    "select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'site_content_type_known'",
  );
  return [...check!.def.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]!);
}

/** What the site held under the previous release: content, an account, posts, visits. */
async function fillAsPreviousRelease(db: Database): Promise<void> {
  await migrate(db, await migrationsUpTo(PREVIOUS_RELEASE));
  // Its default content, as that release shipped it (its schemas' defaults), for the types it knew.
  for (const type of await acceptedTypes(db)) {
    await sql(db, `insert into public.site_content (type, content) values ($1, $2::jsonb)`, [
      type,
      JSON.stringify(FIRST_RELEASE_CONTENT[type as keyof typeof FIRST_RELEASE_CONTENT]),
    ]);
  }
  await upsertUser(db, { ...OWNER, admin: true });
  await sql(
    db,
    `insert into public.blog_posts (title, slug, content, published_at)
       select 'Article ' || i, 'article-' || i, 'Texte ' || i, now() - i * interval '1 day'
       from generate_series(1, 30) as i`,
  );
  await sql(
    db,
    `insert into public.visits (page, visited_at)
       select 'home', now() - (i % 20) * interval '1 day' from generate_series(1, 500) as i`,
  );
}

const backends: [
  string,
  () => Promise<{ db: Database; reopen: () => Promise<Database>; done: () => Promise<void> }>,
][] = [
  [
    'PGlite',
    async () => {
      const dataDir = await mkdtemp(path.join(root, 'pglite-'));
      const db = await openPglite({ dataDir });
      return { db, reopen: () => openPglite({ dataDir }), done: async () => undefined };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const testDb: TestDatabase = await createTestDatabase();
      const db = await openPostgres(testDb.url);
      return { db, reopen: () => openPostgres(testDb.url), done: () => testDb.drop() };
    },
  ],
];

describe.each(backends)('an upgrade (%s)', (_name, open) => {
  it('applies the new migrations over a database of the previous release, keeping its data', async () => {
    const { db, reopen, done } = await open();
    try {
      await fillAsPreviousRelease(db);
      await db.close();
      const server = withClients(await startServer(await testConfig(), await reopen()));
      try {
        const versions = await sql<{ version: string }>(
          server.db,
          'select version from supabase_migrations.schema_migrations order by 1',
        );
        const files = (await readdir(MIGRATIONS_DIR)).map((f) => f.split('_')[0]).sort();
        expect(versions.map((v) => v.version)).toEqual(files);
        // Every type added since starts from its defaults, the stored ones stay as they were.
        const rows = await sql<{ type: string }>(server.db, 'select type from public.site_content');
        expect(rows.map((r) => r.type).sort()).toEqual([...CONTENT_TYPES].sort());
        const admin = await server.signedInClient(OWNER.email, OWNER.password);
        const posts = await admin.from('blog_posts').select('slug', { count: 'exact', head: true });
        expect(posts.count).toBe(30);
        const { data: daily } = await admin.rpc('get_daily_stats');
        const total = (daily as { visits: number }[]).reduce((n, r) => n + Number(r.visits), 0);
        expect(total).toBe(500);
      } finally {
        await server.close();
      }
    } finally {
      await done();
    }
  });

  it('applies none of the new migrations when one of them fails, and says how to go back', async () => {
    const { db, done } = await open();
    try {
      await fillAsPreviousRelease(db);
      const broken = await migrationsUpTo('99999999999999', {
        '99990101000000_good.sql': 'create table public.nouvelle_table (id int);',
        '99990101000001_broken.sql': 'alter table public.table_absente add column x int;',
      });
      const failure = await migrate(db, broken).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StartupError);
      expect((failure as Error).message).toMatch(/échoué à la migration 99990101000001_broken/);
      expect((failure as Error).message).toMatch(/Revenez à la version précédente/);
      const versions = await sql<{ version: string }>(
        db,
        'select version from supabase_migrations.schema_migrations order by 1 desc limit 1',
      );
      expect(versions[0]!.version).toBe(PREVIOUS_RELEASE);
      const created = await sql<{ n: number }>(
        db,
        "select count(*)::int as n from pg_tables where tablename = 'nouvelle_table'",
      );
      expect(created[0]!.n).toBe(0);
    } finally {
      await db.close();
      await done();
    }
  });
});

describe('a database made by a newer version', () => {
  it('is left untouched, and the start refuses in French', async () => {
    const dataDir = path.join(root, 'newer');
    await mkdir(dataDir);
    const db = await openPglite({ dataDir });
    await migrate(db);
    await sql(
      db,
      "insert into supabase_migrations.schema_migrations (version, name) values ('99991231000000', 'du_futur')",
    );
    await db.close();
    const server = await startServerProcess({ DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(
      /Démarrage impossible : La base de données a été mise à jour par une version plus récente/,
    );
    expect(server.output()).not.toMatch(/^\s+at /m);
  });
});
