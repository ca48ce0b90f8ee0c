import { mkdir, readFile, writeFile, chmod } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { makeApiKey } from './jwt.ts';

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
  /** Failed sign-ins allowed per email or client address within the window, then 429. */
  signInMaxFailures: number;
  signInWindowSeconds: number;
  /** The built site to serve; absent in API-only tests. */
  distDir: string | undefined;
  /** Base URL of the OpenAI-compatible API used by generate-articles. */
  openaiBaseUrl: string;
  /** How long generate-articles waits for that API, in milliseconds. */
  openaiTimeoutMs: number;
  /** How often scheduled posts are published, in milliseconds (0 disables the timer). */
  publishIntervalMs: number;
  /** Believe X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
}

const SECRET_FILE = 'jwt-secret';

/** Reads the JWT secret from the environment, else from the data directory, else creates one there. */
export async function loadJwtSecret(dataDir: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('JWT_SECRET doit contenir au moins 32 caractères.');
    return fromEnv;
  }
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
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
    throw new Error(`${name} doit être un entier positif (reçu : ${value}).`);
  return n;
}

export async function configFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<ServerConfig> {
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  const jwtSecret = await loadJwtSecret(dataDir, env.JWT_SECRET);
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
    signInWindowSeconds: integer(
      'AUTH_FAILED_SIGN_IN_WINDOW',
      env.AUTH_FAILED_SIGN_IN_WINDOW,
      15 * 60,
    ),
    distDir: path.resolve(env.DIST_DIR || 'dist'),
    openaiBaseUrl: env.OPENAI_BASE_URL || 'https://api.openai.com/v1',
    openaiTimeoutMs: integer('OPENAI_TIMEOUT_MS', env.OPENAI_TIMEOUT_MS, 60_000),
    publishIntervalMs: integer('PUBLISH_INTERVAL_MS', env.PUBLISH_INTERVAL_MS, 60_000),
    trustProxy: ['1', 'true', 'yes'].includes((env.TRUST_PROXY ?? '').toLowerCase()),
  };
}
