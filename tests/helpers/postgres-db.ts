import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../server/db/database.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import type { ServerConfig } from '../../server/config.ts';
import { startServer } from '../../server/server.ts';
import { testConfig, withClients, type TestServer } from './server.ts';
import { eventually } from './eventually.ts';

export interface TestDatabase {
  /** Connection URL of the new, empty database. */
  url: string;
  /** Drops it, once every connection to it has ended. */
  drop(): Promise<void>;
}

/**
 * The PostgreSQL server the tests may use (`scripts/test-postgres.sh` starts one and prints its
 * URL). Missing, the test fails: a silently skipped Postgres run would hide a broken migration.
 */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DATABASE_URL is not set: start a throwaway server with `export TEST_DATABASE_URL=$(scripts/test-postgres.sh)`.',
    );
  }
  return url;
}

/**
 * Creates a database with a random name on the test server. Its LC_CTYPE is C, the least helpful
 * locale a server may have (lower() then ignores accented capitals): the SQL must not depend on it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = testDatabaseUrl();
  const name = `garage_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    `create database ${name} encoding 'UTF8' lc_collate 'C' lc_ctype 'C' template template0`,
  );
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      try {
        // pg's pool.end() resolves before its sockets are closed: wait for those sessions to end
        // rather than terminating them (which would surface as an error in a closed pool).
        await eventually(
          'the sessions to end',
          async () => {
            const { rows } = await admin.query<{ n: number }>(
              'select count(*)::int as n from pg_stat_activity where datname = $1',
              [name],
            );
            return rows[0]?.n === 0;
          },
          { ms: 5_000, every: 100 },
        ).catch(() => undefined); // dropped anyway: the drop then says what holds it
        await admin.query(`drop database if exists ${name}`);
      } finally {
        await admin.end();
      }
    },
  };
}

/**
 * The real server on a fresh database of the test PostgreSQL server (migrated and seeded at start,
 * as `npm start` does with DATABASE_URL), with the same clients as `startTestServer`.
 * Closing it drops the database.
 */
export async function startPostgresTestServer(
  overrides: Partial<ServerConfig> = {},
): Promise<TestServer> {
  const testDb = await createTestDatabase();
  try {
    const config = await testConfig({ ...overrides, databaseUrl: testDb.url });
    const server = await startServer(config, await openPostgres(testDb.url));
    return {
      ...withClients(server),
      async close() {
        await server.close();
        await testDb.drop();
      },
    };
  } catch (error) {
    await testDb.drop();
    throw error;
  }
}

/** An empty database, open, and how to close it (a PostgreSQL one is dropped). */
export interface OpenedDatabase {
  db: Database;
  close(): Promise<void>;
}

/**
 * The two backends a database test runs on, for `describe.each`: embedded PGlite (in memory, or
 * in `dataDir` when given) and a fresh database of the test PostgreSQL server (TEST_DATABASE_URL).
 */
export const DATABASE_BACKENDS: readonly [
  name: string,
  open: (dataDir?: string) => Promise<OpenedDatabase>,
][] = [
  [
    'PGlite',
    async (dataDir) => {
      const db = await openPglite({ dataDir });
      return { db, close: () => db.close() };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const testDb = await createTestDatabase();
      const db = await openPostgres(testDb.url, 2);
      return {
        db,
        async close() {
          await db.close();
          await testDb.drop();
        },
      };
    },
  ],
];
