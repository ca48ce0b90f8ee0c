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
  /** Runs SQL as the database owner, for what only the server writes (backup runs, say). */
  sql(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

let clients = 0;

interface Address {
  url: string;
  anonKey: string;
  serviceKey: string;
}
interface Answer {
  rows?: Record<string, unknown>[];
  error?: string;
}

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
  // Its address first, then the answers to sql(), by the id of their statement; any other line
  // (a log) is passed on.
  const waiting = new Map<number, (answer: Answer) => void>();
  let statements = 0;
  let started!: (address: Address) => void;
  const address = new Promise<Address>((resolve, reject) => {
    started = resolve;
    void exited.then(() => reject(new Error('The test server stopped before it answered')));
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let message: (Address & { id?: undefined }) | (Answer & { id: number; url?: undefined });
    try {
      message = JSON.parse(line) as typeof message;
    } catch {
      process.stdout.write(`${line}\n`);
      return;
    }
    if (message.url !== undefined) started(message);
    else if (message.id !== undefined) {
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    }
  });
  const { url, anonKey, serviceKey } = await address;
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
    async sql(text, params = []) {
      const id = ++statements;
      const answer = await new Promise<Answer>((resolve) => {
        waiting.set(id, resolve);
        child.stdin!.write(`${JSON.stringify({ id, text, params })}\n`);
      });
      if (answer.error !== undefined) throw new Error(answer.error);
      return answer.rows ?? [];
    },
    async close() {
      child.stdin!.end();
      await exited;
    },
  };
}
