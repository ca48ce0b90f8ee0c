import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { makeApiKey } from './jwt.ts';
import { StartupError } from './startup-error.ts';
import { normalizeSiteUrl } from './seo/sitemap.ts';
import { REQUEST_RETENTION_MONTHS } from '../src/lib/retention.ts';

/**
 * Everything the self-hosted server reads from its environment, with every bound a request path
 * has (rates, connections, cache size) in one place. Defaults are in the README's configuration
 * table; docs/decisions/006-bounded-for-the-open-internet.md explains the choices.
 */
export interface ServerConfig {
  host: string;
  port: number;
  /** PGlite's data directory, and where the generated JWT secret is kept. */
  dataDir: string;
  /** A PostgreSQL server to use instead of PGlite. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  /** The public anonymous key, derived from the secret: safe to hand to browsers. */
  anonKey: string;
  /** The service key, derived from the secret: never sent to a browser or written to a log. */
  serviceKey: string;
  /** Access token lifetime, in seconds. */
  jwtExpiry: number;
  /** Failed sign-ins allowed per (email, client address) within the window, then 429. */
  signInMaxFailures: number;
  /** Failed sign-ins allowed per client address, whatever the email, within the window. */
  signInMaxFailuresPerAddress: number;
  signInWindowSeconds: number;
  /** API requests (REST, auth, functions) allowed per client address per minute; 0: no limit. */
  apiRateLimit: number;
  /** Visits recorded per client address per 10 minutes; 0: no limit. */
  visitRateLimit: number;
  /** Article views counted per client address per 10 minutes (and one per article); 0: no limit. */
  viewRateLimit: number;
  /** Open connections allowed per client address; 0: no limit (the default behind a proxy). */
  maxConnectionsPerAddress: number;
  /** Bytes of rendered pages the page cache keeps at most. */
  pageCacheMaxBytes: number;
  /** The public address of the site (SITE_URL), for canonical URLs, the sitemap and HSTS. */
  siteUrl: string | undefined;
  /** The built site to serve; absent in API-only tests. */
  distDir: string | undefined;
  /** Base URL of the OpenAI-compatible API used by generate-articles. */
  openaiBaseUrl: string;
  /** How long generate-articles waits for that API, in milliseconds. */
  openaiTimeoutMs: number;
  /** How often scheduled posts are published, in milliseconds (0 disables the timer). */
  publishIntervalMs: number;
  /** How often the reminders due are queued, in milliseconds (0: never, not even at start). */
  reminderIntervalMs: number;
  /** Believe X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
  /** Put the client's address in the request log (off: the logs identify no visitor). */
  logClientAddress: boolean;
  /** Where backups are written (`npm run backup` and the daily one). */
  backupDir: string;
  /** The daily backup's time, Paris time, as [hour, minute]; undefined: no daily backup. */
  backupTime: [number, number] | undefined;
  /** Daily backups kept, then one a week for this many weeks. */
  backupKeepDaily: number;
  backupKeepWeekly: number;
  /** Rows per /rest/v1 read unless a smaller limit is asked, as PostgREST's db-max-rows (0: none). */
  maxRows: number;
  /** Largest /rest/v1 response body, in bytes, estimated before it is built (0: none). */
  maxResponseBytes: number;
  /** The operator's mail server (smtp://user:pass@host:587); undefined: no mail is sent. */
  smtpUrl: string | undefined;
  /** The sender of the site's mail. */
  mailFrom: string | undefined;
  /** Who is told of each new customer request. */
  notifyEmail: string | undefined;
  /** Quote and appointment requests accepted per client address per hour (0: no limit). */
  requestRateLimit: number;
  /** Mails the site sends per hour, all recipients together (0: no limit). */
  mailHourlyLimit: number;
  /** Uses of the customer's appointment link (page, cancel, another day) per address per hour (0: no limit). */
  appointmentLinkRateLimit: number;
  /** Requests older than this many months are deleted (docs/product.md, requests). */
  requestRetentionMonths: number;
  /** Password-reset mails asked per client address per hour (0: no limit). */
  recoveryRateLimit: number;
  /** Password-reset mails asked per email address per hour, from anywhere (0: no limit). */
  recoveryPerEmailLimit: number;
  /** Tries of the first administrator's setup link per client address per hour (0: no limit). */
  setupRateLimit: number;
  /** The bounds of /realtime/v1 (server/realtime, docs/decisions/050-realtime.md). */
  realtime: RealtimeLimits;
}

/** Realtime's bounds, hosted Supabase's defaults where it has one. */
export interface RealtimeLimits {
  /** Open realtime sockets in all (hosted: 200 concurrent clients). */
  maxConnections: number;
  /** Open realtime sockets per client address (0: no limit). */
  maxConnectionsPerAddress: number;
  /** Channels joined at once on one socket (hosted: 100). */
  maxChannelsPerConnection: number;
  /** Channel joins per socket per second. */
  maxJoinsPerSecond: number;
  /** Messages (broadcasts, presence, heartbeats…) per socket per second (hosted: 100). */
  maxEventsPerSecond: number;
  /** Largest message a client may send, in bytes. */
  maxPayloadBytes: number;
  /** Largest presence state one channel may track, in bytes of JSON (kept while it is joined). */
  maxPresenceBytes: number;
  /** A socket that sends nothing this long is closed (the client's heartbeat comes every 25 s). */
  idleTimeoutMs: number;
  /** How often a joined channel's token is checked again (ended sessions, expiry between checks). */
  tokenCheckMs: number;
}

export function realtimeLimitsFromEnv(env: NodeJS.ProcessEnv): RealtimeLimits {
  return {
    maxConnections: integer('REALTIME_MAX_CONNECTIONS', env.REALTIME_MAX_CONNECTIONS, 200),
    maxConnectionsPerAddress: integer(
      'REALTIME_MAX_CONNECTIONS_PER_ADDRESS',
      env.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
      20,
    ),
    maxChannelsPerConnection: integer(
      'REALTIME_MAX_CHANNELS_PER_CONNECTION',
      env.REALTIME_MAX_CHANNELS_PER_CONNECTION,
      100,
    ),
    maxJoinsPerSecond: integer(
      'REALTIME_MAX_JOINS_PER_SECOND',
      env.REALTIME_MAX_JOINS_PER_SECOND,
      20,
    ),
    maxEventsPerSecond: integer(
      'REALTIME_MAX_EVENTS_PER_SECOND',
      env.REALTIME_MAX_EVENTS_PER_SECOND,
      100,
    ),
    maxPayloadBytes: integer(
      'REALTIME_MAX_PAYLOAD_BYTES',
      env.REALTIME_MAX_PAYLOAD_BYTES,
      256 * 1024,
    ),
    maxPresenceBytes: integer('REALTIME_MAX_PRESENCE_BYTES', env.REALTIME_MAX_PRESENCE_BYTES, 4096),
    idleTimeoutMs: integer('REALTIME_IDLE_TIMEOUT_MS', env.REALTIME_IDLE_TIMEOUT_MS, 60_000),
    tokenCheckMs: integer('REALTIME_TOKEN_CHECK_MS', env.REALTIME_TOKEN_CHECK_MS, 10_000),
  };
}

const SECRET_FILE = 'jwt-secret';
export const MIN_SECRET_LENGTH = 32;

/**
 * Reads the JWT secret from the environment, else from the data directory, else creates one there.
 * A secret that is too short, unreadable or truncated stops the start: it would sign tokens
 * anyone could forge.
 */
export async function loadJwtSecret(dataDir: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) {
    if (fromEnv.length < MIN_SECRET_LENGTH)
      throw new StartupError(
        `JWT_SECRET contient ${fromEnv.length} caractères, il en faut au moins ${MIN_SECRET_LENGTH} : ` +
          'donnez une valeur plus longue, ou retirez JWT_SECRET pour que le serveur en génère une.',
      );
    return fromEnv;
  }
  const file = path.join(dataDir, SECRET_FILE);
  let existing: string | undefined;
  try {
    existing = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT')
      throw new StartupError(
        `Le fichier secret ${file} est illisible (${code ?? String(error)}) : ` +
          `rendez-le lisible par l'utilisateur du serveur, ou restaurez-le depuis une sauvegarde.`,
        { cause: error },
      );
  }
  if (existing !== undefined) {
    if (existing.length < MIN_SECRET_LENGTH)
      throw new StartupError(
        `Le fichier secret ${file} est vide ou tronqué (${existing.length} caractères, il en faut ` +
          `au moins ${MIN_SECRET_LENGTH}) : restaurez-le depuis une sauvegarde. Le supprimer en fait ` +
          'générer un nouveau, ce qui déconnecte tout le monde.',
      );
    return existing;
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  await chmod(file, 0o600);
  return secret;
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new StartupError(`${name} doit être un entier positif ou nul (reçu : ${value}).`);
  return n;
}

function smtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:'))
    throw new StartupError(
      'SMTP_URL doit être une adresse smtp://utilisateur:mot-de-passe@serveur:587 (ou smtps://…:465).',
    );
  return value;
}

/** BACKUP_TIME: `HH:MM` (Paris time), 03:30 by default, `off` for none. */
function backupTime(value: string | undefined): [number, number] | undefined {
  const text = (value ?? '').trim() || '03:30';
  if (text === 'off') return undefined;
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match)
    throw new StartupError(
      `BACKUP_TIME doit être une heure HH:MM (heure de Paris) ou « off » (reçu : ${value}).`,
    );
  return [Number(match[1]), Number(match[2])];
}

function siteUrl(value: string | undefined): string | undefined {
  try {
    return normalizeSiteUrl(value);
  } catch {
    throw new StartupError(
      `SITE_URL doit être l'adresse publique du site, par exemple https://garage-exemple.fr (reçu : ${value}).`,
    );
  }
}

/** DATA_DIR must be a directory when it exists: said plainly, before anything is read in it. */
async function checkDataDir(dataDir: string): Promise<void> {
  const info = await stat(dataDir).catch(() => undefined);
  if (info && !info.isDirectory())
    throw new StartupError(
      `DATA_DIR=${dataDir} est un fichier, pas un dossier : indiquez un dossier (il est créé s'il n'existe pas).`,
    );
}

export async function configFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<ServerConfig> {
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  await checkDataDir(dataDir);
  const jwtSecret = await loadJwtSecret(dataDir, env.JWT_SECRET);
  const flag = (value: string | undefined) =>
    ['1', 'true', 'yes'].includes((value ?? '').toLowerCase());
  const trustProxy = flag(env.TRUST_PROXY);
  return {
    host: env.HOST || '127.0.0.1',
    port: integer('PORT', env.PORT, 3000),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    anonKey: await makeApiKey('anon', jwtSecret),
    serviceKey: await makeApiKey('service_role', jwtSecret),
    jwtExpiry: integer('JWT_EXPIRY', env.JWT_EXPIRY, 3600),
    signInMaxFailures: integer('AUTH_MAX_FAILED_SIGN_INS', env.AUTH_MAX_FAILED_SIGN_INS, 5),
    signInMaxFailuresPerAddress: integer(
      'AUTH_MAX_FAILED_SIGN_INS_PER_ADDRESS',
      env.AUTH_MAX_FAILED_SIGN_INS_PER_ADDRESS,
      20,
    ),
    signInWindowSeconds: integer(
      'AUTH_FAILED_SIGN_IN_WINDOW',
      env.AUTH_FAILED_SIGN_IN_WINDOW,
      15 * 60,
    ),
    apiRateLimit: integer('API_RATE_LIMIT', env.API_RATE_LIMIT, 600),
    visitRateLimit: integer('VISIT_RATE_LIMIT', env.VISIT_RATE_LIMIT, 6),
    viewRateLimit: integer('VIEW_RATE_LIMIT', env.VIEW_RATE_LIMIT, 30),
    // Behind a proxy every connection comes from the proxy: it is the one to bound them.
    maxConnectionsPerAddress: integer(
      'MAX_CONNECTIONS_PER_ADDRESS',
      env.MAX_CONNECTIONS_PER_ADDRESS,
      trustProxy ? 0 : 64,
    ),
    pageCacheMaxBytes: integer('PAGE_CACHE_MAX_BYTES', env.PAGE_CACHE_MAX_BYTES, 64 * 1024 * 1024),
    siteUrl: siteUrl(env.SITE_URL),
    distDir: path.resolve(env.DIST_DIR || 'dist'),
    openaiBaseUrl: env.OPENAI_BASE_URL || 'https://api.openai.com/v1',
    openaiTimeoutMs: integer('OPENAI_TIMEOUT_MS', env.OPENAI_TIMEOUT_MS, 60_000),
    publishIntervalMs: integer('PUBLISH_INTERVAL_MS', env.PUBLISH_INTERVAL_MS, 60_000),
    reminderIntervalMs: integer('REMINDER_INTERVAL_MS', env.REMINDER_INTERVAL_MS, 300_000),
    trustProxy,
    logClientAddress: flag(env.LOG_CLIENT_ADDRESS),
    backupDir: path.resolve(env.BACKUP_DIR || 'backups'),
    backupTime: backupTime(env.BACKUP_TIME),
    backupKeepDaily: integer('BACKUP_KEEP_DAILY', env.BACKUP_KEEP_DAILY, 14),
    backupKeepWeekly: integer('BACKUP_KEEP_WEEKLY', env.BACKUP_KEEP_WEEKLY, 8),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || undefined,
    notifyEmail: env.NOTIFY_EMAIL || undefined,
    requestRateLimit: integer('REQUEST_RATE_LIMIT', env.REQUEST_RATE_LIMIT, 5),
    mailHourlyLimit: integer('MAIL_HOURLY_LIMIT', env.MAIL_HOURLY_LIMIT, 100),
    appointmentLinkRateLimit: integer(
      'APPOINTMENT_LINK_RATE_LIMIT',
      env.APPOINTMENT_LINK_RATE_LIMIT,
      30,
    ),
    requestRetentionMonths: Math.max(
      1,
      integer('REQUEST_RETENTION_MONTHS', env.REQUEST_RETENTION_MONTHS, REQUEST_RETENTION_MONTHS),
    ),
    recoveryRateLimit: integer('AUTH_RECOVERY_RATE_LIMIT', env.AUTH_RECOVERY_RATE_LIMIT, 5),
    recoveryPerEmailLimit: integer(
      'AUTH_RECOVERY_PER_EMAIL_LIMIT',
      env.AUTH_RECOVERY_PER_EMAIL_LIMIT,
      3,
    ),
    setupRateLimit: integer('AUTH_SETUP_RATE_LIMIT', env.AUTH_SETUP_RATE_LIMIT, 20),
    maxRows: integer('API_MAX_ROWS', env.API_MAX_ROWS, 1000),
    maxResponseBytes: integer('API_MAX_RESPONSE_BYTES', env.API_MAX_RESPONSE_BYTES, 5_000_000),
    realtime: realtimeLimitsFromEnv(env),
  };
}
