import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresTestServer, testDatabaseUrl } from '../helpers/postgres-db.ts';
import type { TestServer } from '../helpers/server.ts';

// PostgreSQL restarts, and an administrator may end sessions by hand: the server's idle pooled
// connections then fail while nobody is using them. The server must take new ones and go on.
describe('the server when PostgreSQL ends its connections', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startPostgresTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers again once its idle connections were terminated', async () => {
    const anon = server.anonClient();
    const read = () => anon.from('site_content').select('type').limit(1);
    // Several reads at once leave several idle connections in the pool.
    for (const result of await Promise.all(Array.from({ length: 6 }, read)))
      expect(result.error).toBeNull();

    const database = new URL(server.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid()`,
        [database],
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }

    // The first reads may meet a connection that died in the pool; within a few tries they pass.
    let last: Awaited<ReturnType<typeof read>> | undefined;
    for (let attempt = 0; attempt < 20; attempt++) {
      last = await read();
      if (!last.error) break;
    }
    expect(last?.error).toBeNull();
    expect(last?.data).toHaveLength(1);
  });
});
