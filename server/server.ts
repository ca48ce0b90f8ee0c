import { getRequestListener } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import { seedDefaultContent } from './seed.ts';
import { createApp } from './app.ts';
import { contentVersion } from './content-version.ts';
import { servePreparedPage } from './fast-path.ts';

export interface RunningServer {
  url: string;
  db: Database;
  config: ServerConfig;
  /** Stops accepting connections, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

/** Prepares the database (migrations, seed), then listens. `db` may be given already migrated. */
export async function startServer(config: ServerConfig, db?: Database): Promise<RunningServer> {
  const database = db ?? (await openDatabase(config));
  await migrate(database);
  await seedDefaultContent(database);

  const app = createApp({ db: database, config });
  const hono = getRequestListener(app.hono.fetch, { hostname: config.host });
  // Cached pages go out straight from here; everything else, misses included, through Hono.
  const fast = servePreparedPage(app.cachedPage);
  const server: Server = createServer((req, res) => {
    if (!fast(req, res)) void hono(req, res);
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host}:${port}`;

  const publishTimer =
    config.publishIntervalMs > 0
      ? setInterval(() => void publishDuePosts(database), config.publishIntervalMs)
      : undefined;
  publishTimer?.unref();
  void publishDuePosts(database);

  let closing: Promise<void> | undefined;
  return {
    url,
    db: database,
    config,
    close() {
      closing ??= (async () => {
        if (publishTimer) clearInterval(publishTimer);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Idle keep-alive sockets would otherwise hold close() open.
          server.closeIdleConnections();
        });
        await database.close();
      })();
      return closing;
    },
  };
}

/** Scheduled posts become published (DESIGN.md decision 4), as pg_cron does on hosted Supabase. */
export async function publishDuePosts(db: Database): Promise<number> {
  try {
    const published = await db.asRequest(
      { role: 'service_role', claims: { role: 'service_role' } },
      async (tx) => {
        const { rows } = await tx.query<{ n: number }>('select public.publish_due_posts() as n');
        return rows[0]?.n ?? 0;
      },
    );
    // The pages cached before show the posts published now (server/content-version.ts).
    if (published > 0) contentVersion(db).bump();
    return published;
  } catch (error) {
    console.error('Publication des articles programmés impossible :', error);
    return 0;
  }
}
