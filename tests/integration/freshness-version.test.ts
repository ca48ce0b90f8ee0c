import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { readContentStamp } from '../../server/render/db-source.server.ts';
import { sql } from '../helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres-db.ts';

// The content stamp cached pages are checked against over a PostgreSQL server
// (server/render/freshness.server.ts): every write that may change what a visitor reads moves it,
// whoever makes it, and nothing else does, in particular not a view count, nor a statement that
// changed no row (the publication job runs every minute and mostly publishes nothing).

const POST = `insert into public.blog_posts (title, slug, content, published_at)
              values ($1, $2, 'Texte.', now() - interval '1 hour')`;

function stampChecks(getDb: () => Database) {
  /** Whether running `write` moved the stamp. */
  async function moves(write: (db: Database) => Promise<unknown>): Promise<boolean> {
    const db = getDb();
    const before = await readContentStamp(db);
    await write(db);
    return (await readContentStamp(db)) !== before;
  }

  it('moves on every write to the site content', async () => {
    expect(
      await moves((db) =>
        sql(
          db,
          `insert into public.site_content (type, content)
           values ('about', '{"title": "Qui sommes-nous", "content": "Un garage."}')`,
        ),
      ),
    ).toBe(true);
    expect(
      await moves((db) =>
        sql(
          db,
          `update public.site_content set content = jsonb_set(content, '{title}', '"Le garage"')
            where type = 'about'`,
        ),
      ),
    ).toBe(true);
    expect(
      await moves((db) => sql(db, "delete from public.site_content where type = 'about'")),
    ).toBe(true);
  });

  it('moves on every edit of a post, drafts and publication included', async () => {
    expect(await moves((db) => sql(db, POST, ['Les pneus', 'pneus']))).toBe(true);
    expect(
      await moves((db) =>
        sql(
          db,
          "insert into public.blog_posts (title, slug, content) values ('Brouillon', 'brouillon', 'Texte.')",
        ),
      ),
    ).toBe(true);
    expect(
      await moves((db) =>
        sql(db, "update public.blog_posts set title = 'Pneus neige' where slug = 'pneus'"),
      ),
    ).toBe(true);
    expect(
      await moves((db) =>
        sql(db, "update public.blog_posts set published_at = now() where slug = 'brouillon'"),
      ),
    ).toBe(true);
    expect(
      await moves((db) => sql(db, "delete from public.blog_posts where slug = 'brouillon'")),
    ).toBe(true);
  });

  it('moves when the publication job publishes, not when it has nothing to publish', async () => {
    expect(await moves((db) => sql(db, 'select public.publish_due_posts()'))).toBe(false);
    await sql(
      getDb(),
      `insert into public.blog_posts (title, slug, content, scheduled_at)
       values ('Programmé', 'programme', 'Texte.', now() - interval '1 minute')`,
    );
    expect(await moves((db) => sql(db, 'select public.publish_due_posts()'))).toBe(true);
  });

  it('stays when only a view count changes, by the RPC or by hand', async () => {
    expect(await moves((db) => sql(db, "select public.increment_views('pneus')"))).toBe(false);
    expect(
      await moves((db) =>
        sql(db, "update public.blog_posts set views = views + 10 where slug = 'pneus'"),
      ),
    ).toBe(false);
    // The same statement touching an editorial column too is an edit.
    expect(
      await moves((db) =>
        sql(
          db,
          "update public.blog_posts set views = views + 1, excerpt = 'Résumé.' where slug = 'pneus'",
        ),
      ),
    ).toBe(true);
  });

  it('stays when a statement changes no row, or when the write is rolled back', async () => {
    expect(
      await moves((db) => sql(db, "update public.blog_posts set title = 'x' where false")),
    ).toBe(false);
    expect(await moves((db) => sql(db, 'delete from public.site_content where false'))).toBe(false);
    expect(
      await moves((db) =>
        db
          .transaction(async (tx) => {
            await tx.query(POST, ['Annulé', 'annule']);
            throw new Error('rolled back');
          })
          .catch(() => undefined),
      ),
    ).toBe(false);
  });

  it('moves on a truncate', async () => {
    expect(await moves((db) => sql(db, 'truncate public.blog_posts'))).toBe(true);
  });

  it('is out of reach of every API role', async () => {
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      await expect(
        getDb().asRequest({ role, claims: { role } }, (tx) =>
          tx.query('update private.content_version set version = 0'),
        ),
      ).rejects.toMatchObject({ code: '42501' });
    }
  });
}

describe('the content stamp on PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite({});
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
  });
  stampChecks(() => db);
});

describe('the content stamp on a PostgreSQL server (TEST_DATABASE_URL)', () => {
  let testDb: TestDatabase;
  let db: Database;
  let other: pg.Client;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openPostgres(testDb.url, 2);
    await migrate(db);
    other = new pg.Client({ connectionString: testDb.url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await db?.close();
    await testDb?.drop();
  });
  stampChecks(() => db);

  it('moves when another connection commits, not before', async () => {
    const before = await readContentStamp(db);
    await other.query('begin');
    try {
      await other.query(POST, ['Écrit ailleurs', 'ecrit-ailleurs']);
      // Seen before the post is, the new stamp would let a page without it be cached under it.
      expect(await readContentStamp(db)).toBe(before);
      await other.query('commit');
    } catch (error) {
      await other.query('rollback');
      throw error;
    }
    expect(await readContentStamp(db)).not.toBe(before);
  });
});
