import { getRequestListener } from '@hono/node-server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerConfig } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import { relativizePhotoAddresses } from './storage/photo-addresses.ts';
import { seedDefaultContent } from './seed.ts';
import { createApp } from './app.ts';
import { contentVersion } from './content-version.ts';
import { serveFromMemory } from './fast-path.ts';
import { createLimits } from './limits/index.ts';
import { memoryStore, postgresStore } from './limits/limiter.ts';
import { isPostgres } from './db/postgres.ts';
import { forgetCatalog } from './rest/catalog.ts';
import { SessionLiveness } from './auth/session-liveness.ts';
import { guardConnections, SERVER_OPTIONS } from './connections.ts';
import { describeError, log } from './log.ts';
import { accessLogger } from './access-log.ts';
import { scheduleDailyBackups } from './backup/schedule.ts';
import { createMailer } from './mail/mailer.ts';
import { createOutbox } from './mail/outbox.ts';
import { createRecoveryLinks } from './auth/recovery-links.ts';
import { RealtimeService } from './realtime/service.ts';

export interface RunningServer {
  url: string;
  /** The public origin pages are rendered for (SITE_URL, else `url`). */
  siteUrl: string;
  db: Database;
  config: ServerConfig;
  /** Stops accepting connections, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

/** The address this server answers on, for a browser: a wildcard host is reached as localhost. */
function ownUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/** Prepares the database (migrations, seed), then listens. `db` may be given already migrated. */
export async function startServer(config: ServerConfig, db?: Database): Promise<RunningServer> {
  const database = db ?? (await openDatabase(config));
  await migrate(database);
  await seedDefaultContent(database);
  await relativizePhotoAddresses(database);

  // The handler exists once the port is known (the site's own address may be the public one).
  const route: { handle?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server: Server = createServer(SERVER_OPTIONS, (req, res) => {
    if (route.handle) route.handle(req, res);
    else res.writeHead(503, { 'Retry-After': '1' }).end();
  });
  guardConnections(server, config.maxConnectionsPerAddress);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = ownUrl(config.host, port);
  const siteUrl = config.siteUrl ?? url;

  const limits = createLimits(
    config,
    isPostgres(database) ? postgresStore(database.pool) : memoryStore,
  );
  const mailer = createMailer(config, limits.mails);
  const outbox = mailer.enabled
    ? createOutbox({ db: database, mailer, notifyEmail: config.notifyEmail, siteUrl })
    : undefined;
  const sessions = new SessionLiveness(database);
  const realtime = new RealtimeService({
    db: database,
    secret: config.jwtSecret,
    sessions,
    limits: config.realtime,
    trustProxy: config.trustProxy,
  });
  realtime.attach(server);
  const ctx: AppContext = {
    db: database,
    config,
    siteUrl,
    limits,
    sessions,
    outbox,
    mailer: mailer.enabled ? mailer : undefined,
    recoveries: mailer.enabled ? createRecoveryLinks(database, mailer, siteUrl) : undefined,
    realtime,
  };
  // Another process migrated this database: read its schema again, as PostgREST does on NOTIFY.
  if (isPostgres(database))
    database.listen('pgrst', (payload) => {
      if (payload === '' || payload === 'reload schema') forgetCatalog(database);
    });
  const app = createApp(ctx);
  const hono = getRequestListener(app.hono.fetch, { hostname: config.host });
  // Built files and cached pages go out straight from here; the rest, misses included, through Hono.
  const fast = serveFromMemory(app);
  const logRequest = accessLogger({
    clientAddress: config.logClientAddress,
    trustProxy: config.trustProxy,
  });
  route.handle = (req, res) => {
    logRequest(req, res);
    fast(req, res, () => void hono(req, res));
  };

  const stopBackups = scheduleDailyBackups(ctx);
  const publishTimer =
    config.publishIntervalMs > 0
      ? setInterval(() => void publishDuePosts(database), config.publishIntervalMs)
      : undefined;
  publishTimer?.unref();
  void publishDuePosts(database);
  // Mails left to send by a previous run, then the requests past their retention.
  outbox?.kick();
  // The reminders of tomorrow's appointments, at start too: those missed while the server was
  // down still go out if their appointment has not started (docs/decisions/077-reminders.md).
  const remind = () =>
    void queueReminders(database, new Date()).then((queued) => {
      if (queued > 0) outbox?.kick();
    });
  const reminderTimer =
    config.reminderIntervalMs > 0 ? setInterval(remind, config.reminderIntervalMs) : undefined;
  reminderTimer?.unref();
  if (reminderTimer) remind();
  // Then the single visits past the audience-measurement limit, kept as daily counts.
  const purgeTimer = setInterval(() => {
    void purgeExpiredRequests(database, config.requestRetentionMonths);
    void rollUpOldVisits(database);
  }, DAY_MS);
  purgeTimer.unref();
  void purgeExpiredRequests(database, config.requestRetentionMonths);
  // Awaited, so that the first pass is over before anyone else writes or reads visits.
  await rollUpOldVisits(database);

  let closing: Promise<void> | undefined;
  return {
    url,
    siteUrl,
    db: database,
    config,
    close() {
      closing ??= (async () => {
        if (publishTimer) clearInterval(publishTimer);
        if (reminderTimer) clearInterval(reminderTimer);
        clearInterval(purgeTimer);
        stopBackups();
        // Upgraded sockets are no longer the HTTP server's: they would hold close() open.
        await realtime.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Idle keep-alive sockets would otherwise hold close() open.
          server.closeIdleConnections();
        });
        await outbox?.stop();
        await ctx.recoveries?.stop();
        mailer.close();
        await database.close();
      })();
      return closing;
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs one of the database's maintenance functions (`public.<name>`, returning how many rows it
 * touched) as the service role, as pg_cron does on hosted Supabase; a failure is logged in French
 * (`what` says what could not be done) and counts as nothing done.
 */
async function runMaintenance(
  db: Database,
  name: string,
  what: string,
  params: unknown[] = [],
): Promise<number> {
  try {
    return await db.asRequest(
      { role: 'service_role', claims: { role: 'service_role' } },
      async (tx) => {
        const args = params.map((_, i) => `$${i + 1}`).join(', ');
        const { rows } = await tx.query<{ n: number }>(
          `select public.${name}(${args}) as n`,
          params,
        );
        return rows[0]?.n ?? 0;
      },
    );
  } catch (error) {
    log.error(`${what} impossible : ${describeError(error)}`);
    return 0;
  }
}

/**
 * Requests older than the retention (REQUEST_RETENTION_MONTHS) are deleted, with their mails:
 * at start, then daily (docs/product.md#quote-and-appointment-requests).
 */
export function purgeExpiredRequests(db: Database, months: number): Promise<number> {
  return runMaintenance(db, 'purge_expired_requests', 'Suppression des demandes expirées', [
    months,
  ]);
}

/**
 * Visits older than 25 months are deleted, their daily counts kept: at start, then daily, as
 * pg_cron does on hosted Supabase (docs/legal.md#privacy).
 */
export function rollUpOldVisits(db: Database): Promise<number> {
  return runMaintenance(db, 'roll_up_old_visits', 'Regroupement des anciennes visites');
}

/**
 * Queues the reminders due at `now` (one per appointment, whatever other processes do) and
 * returns how many, as pg_cron does on hosted Supabase every five minutes.
 */
export function queueReminders(db: Database, now: Date): Promise<number> {
  return runMaintenance(db, 'queue_reminders', 'Préparation des rappels de rendez-vous', [now]);
}

/** Scheduled posts become published, as pg_cron does on hosted Supabase. */
export async function publishDuePosts(db: Database): Promise<number> {
  const published = await runMaintenance(
    db,
    'publish_due_posts',
    'Publication des articles programmés',
  );
  // The pages cached before show the posts published now (server/content-version.ts).
  if (published > 0) contentVersion(db).bump();
  return published;
}
