import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/postgres.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres-db.ts';
import { testConfig } from '../helpers/server.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { buildServerBundle } from './site-build.ts';

// Over a PostgreSQL server (DATABASE_URL) other processes may write too: the cached pages are
// checked against the database's content stamp on every request (server/render/freshness.server.ts).
// Needs TEST_DATABASE_URL (scripts/test-postgres.sh).

const DIST = path.resolve(`.tmp/page-cache-pg-test-${process.pid}`);

describe('cached pages over PostgreSQL', () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let other: pg.Client;
  let removeBundle: (() => Promise<void>) | undefined;
  const html = async (pathname: string) =>
    (await rawRequest(server.url + pathname)).body.toString();

  beforeAll(async () => {
    removeBundle = await buildServerBundle(DIST);
    testDb = await createTestDatabase();
    const config = await testConfig({ databaseUrl: testDb.url, distDir: DIST });
    server = await startServer(config, await openPostgres(testDb.url));
    other = new pg.Client({ connectionString: testDb.url });
    await other.connect();
  }, 120_000);
  afterAll(async () => {
    await other?.end();
    await server?.close();
    await testDb?.drop();
    await removeBundle?.();
  });

  it('shows in the next page what another process wrote into the database', async () => {
    expect(await html('/blog')).not.toContain('Écrit par un autre processus');
    await other.query(
      `insert into public.blog_posts (title, slug, content, published_at)
         values ('Écrit par un autre processus', 'autre-processus', 'Texte.', now() - interval '1 minute')`,
    );
    expect(await html('/blog')).toContain('Écrit par un autre processus');

    await other.query(
      "update public.blog_posts set title = 'Titre changé ailleurs' where slug = 'autre-processus'",
    );
    expect(await html('/blog')).toContain('Titre changé ailleurs');
    expect(await html('/blog/autre-processus')).toContain('Titre changé ailleurs');
  });
});
