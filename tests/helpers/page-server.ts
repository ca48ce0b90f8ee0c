import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { ServerConfig } from '../../server/config.ts';
import { ADMIN, MEMBER } from './fixtures.ts';

// A string, not `new URL()`: under happy-dom the global URL is the window's.
const MAIN = join(dirname(fileURLToPath(import.meta.url)), 'page-server-main.ts');

export interface PageServer {
  url: string;
  /** A client signed in as the administrator, like the back-office's own client. */
  admin(): Promise<SupabaseClient>;
  /** A client signed in as a user who is not an administrator: the database refuses them. */
  member(): Promise<SupabaseClient>;
  /** The service-role client (bypasses RLS), to arrange data as another device would. */
  service(): SupabaseClient;
  close(): Promise<void>;
}

let clients = 0;

function client(url: string, key: string): SupabaseClient {
  // One storage key each: several signed-in clients live in the same test "browser".
  return createClient(url, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: `page-server-${++clients}`,
    },
  });
}

/**
 * Starts the real server (the same as tests/integration's, over a fresh embedded database with an
 * administrator and a non-admin user) in a child process, for tests that render an admin page in
 * happy-dom against it.
 */
export async function startPageServer(
  config: Partial<Pick<ServerConfig, 'openaiBaseUrl' | 'openaiTimeoutMs'>> = {},
): Promise<PageServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      LOG_LEVEL: 'error',
      PAGE_SERVER_CONFIG: JSON.stringify(config),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then(() => reject(new Error('The test server stopped before it answered')));
  });
  const { url, anonKey, serviceKey } = JSON.parse(first) as {
    url: string;
    anonKey: string;
    serviceKey: string;
  };
  const signedIn = async ({ email, password }: { email: string; password: string }) => {
    const signed = client(url, anonKey);
    const { error } = await signed.auth.signInWithPassword({ email, password });
    if (error) throw new Error(`Sign-in failed for ${email}: ${error.message}`);
    return signed;
  };
  return {
    url,
    admin: () => signedIn(ADMIN),
    member: () => signedIn(MEMBER),
    service: () => client(url, serviceKey),
    async close() {
      child.stdin!.end();
      await exited;
    },
  };
}
