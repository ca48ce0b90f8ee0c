import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { realtimeLimitsFromEnv, type ServerConfig } from '../../server/config.ts';
import { makeApiKey } from '../../server/jwt.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { migrate } from '../../server/db/migrate.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import { upsertUser } from '../../server/auth/users.ts';

let snapshot: Promise<Blob> | undefined;

/** A migrated, empty database, made once per test process and copied for each server. */
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const db = await openPglite({});
    await migrate(db);
    const dump = await db.pglite.dumpDataDir('none');
    await db.close();
    return dump;
  })();
  return snapshot;
}

export interface TestServer extends RunningServer {
  anonKey: string;
  serviceKey: string;
  /** Creates a user (an administrator when `admin`) with this email and password. */
  createUser(email: string, password: string, admin?: boolean): Promise<string>;
  /** A supabase-js client for the anon key, signed out. */
  anonClient(): SupabaseClient;
  /** A supabase-js client signed in with email and password. */
  signedInClient(email: string, password: string): Promise<SupabaseClient>;
  /** The service-role client (bypasses RLS), for arranging data in tests. */
  serviceClient(): SupabaseClient;
}

/** Data directories made by this test process, removed when it exits. */
const dataDirs: string[] = [];
process.once('exit', () => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A fresh data directory for one server: its stored photos and backups land there, never in a
 * directory shared with another server or outside the machine's temporary folder.
 */
function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'garage-test-'));
  dataDirs.push(dir);
  return dir;
}

export async function testConfig(overrides: Partial<ServerConfig> = {}): Promise<ServerConfig> {
  const jwtSecret = overrides.jwtSecret ?? randomBytes(32).toString('hex');
  const dataDir = overrides.dataDir ?? freshDataDir();
  return {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl: undefined,
    jwtSecret,
    anonKey: await makeApiKey('anon', jwtSecret),
    serviceKey: await makeApiKey('service_role', jwtSecret),
    jwtExpiry: 3600,
    signInMaxFailures: 5,
    signInMaxFailuresPerAddress: 20,
    signInWindowSeconds: 900,
    // Every test file talks to its server from 127.0.0.1 at machine speed: the per-address
    // limits are turned on by the tests about them (tests/integration/abuse-limits.test.ts).
    apiRateLimit: 0,
    visitRateLimit: 0,
    viewRateLimit: 0,
    setupRateLimit: 0,
    maxConnectionsPerAddress: 0,
    pageCacheMaxBytes: 64 * 1024 * 1024,
    siteUrl: undefined,
    distDir: undefined,
    openaiBaseUrl: 'http://127.0.0.1:9/unused',
    openaiTimeoutMs: 60_000,
    publishIntervalMs: 0,
    // Reminders are queued by the tests about them, with a fixed clock (reminders.test.ts).
    reminderIntervalMs: 0,
    trustProxy: false,
    logClientAddress: false,
    backupDir: path.join(dataDir, 'backups'),
    // No daily backup in tests unless one asks for it.
    backupTime: undefined,
    backupKeepDaily: 14,
    backupKeepWeekly: 8,
    smtpUrl: undefined,
    mailFrom: undefined,
    notifyEmail: undefined,
    requestRateLimit: 0,
    mailHourlyLimit: 0,
    appointmentLinkRateLimit: 0,
    requestRetentionMonths: 24,
    recoveryRateLimit: 0,
    recoveryPerEmailLimit: 0,
    maxRows: 1000,
    maxResponseBytes: 5_000_000,
    realtime: realtimeLimitsFromEnv({}),
    ...overrides,
  };
}

export function makeClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

/** Starts the real server on a free port over a fresh embedded database. */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const config = await testConfig(overrides);
  const db = await openPglite({ loadDataDir: await migratedSnapshot() });
  const server = await startServer(config, db);
  return withClients(server);
}

export function withClients(server: RunningServer): TestServer {
  const { anonKey, serviceKey } = server.config;
  return {
    ...server,
    anonKey,
    serviceKey,
    async createUser(email, password, admin = false) {
      return (await upsertUser(server.db, { email, password, admin })).id;
    },
    anonClient: () => makeClient(server.url, anonKey),
    serviceClient: () => makeClient(server.url, serviceKey),
    async signedInClient(email, password) {
      const client = makeClient(server.url, anonKey);
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw new Error(`Sign-in failed for ${email}: ${error.message}`);
      return client;
    },
  };
}
