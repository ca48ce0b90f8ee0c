import type { PostgrestClient } from '@supabase/postgrest-js';
import {
  browserConfigSources,
  resolveSupabaseConfig,
  type SupabaseConfig,
} from './supabase-config.ts';

/**
 * The public pages' backend clients: the two parts of supabase-js a visitor needs, without the
 * rest of it.
 *
 * `createClient` from supabase-js carries auth (sessions, token refresh), realtime and storage
 * besides its query and function clients: about 50 kB of gzipped JavaScript, which the home page
 * downloaded only to record a visit. A visitor never signs in, so the public pages use the
 * standalone packages supabase-js itself is built from, pinned to the versions it pulls in:
 * `@supabase/postgrest-js` (`from()`, `rpc()`), fetched on first use in its own chunk. Given the
 * URL and the headers `createClient` gives it (`apikey` and `Authorization: Bearer <anon key>`,
 * with the `public` schema), it sends the same requests, but for the `X-Client-Info` tag with
 * which supabase-js names itself (tests/integration/public-client.test.ts). The one function a
 * visitor calls, the home page's recordVisit, is a single POST of a JSON body: `invoke()` below
 * sends it as `@supabase/functions-js` does, without that package's 1.4 kB (gzip) on the home
 * page's load.
 *
 * Unlike supabase-js, these always speak as the anon role, even when an administrator is signed
 * in in this browser: the public pages show what any visitor sees, as the server renders them.
 * The back-office keeps the full client (`supabase.ts`). Both read the same configuration
 * (`supabase-config.ts`); without it, both loaders give `null`.
 */

type Fetch = typeof globalThis.fetch;

/** The URL of one of the backend's APIs (`rest/v1`, `functions/v1`), as supabase-js derives it. */
function apiUrl(config: SupabaseConfig, api: string): string {
  const base = config.url.endsWith('/') ? config.url : `${config.url}/`;
  return new URL(api, base).href;
}

/** The headers supabase-js sends for a visitor: the anon key, as key and as bearer token. */
function anonHeaders(config: SupabaseConfig): Record<string, string> {
  return { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` };
}

/** The anon PostgREST client of a backend (`from()`, `rpc()`); `fetch` is for tests. */
export async function createPublicRest(config: SupabaseConfig, fetch?: Fetch) {
  const { PostgrestClient } = await import('@supabase/postgrest-js');
  return new PostgrestClient(apiUrl(config, 'rest/v1'), {
    headers: anonHeaders(config),
    schema: 'public',
    fetch,
  });
}

/** The function answered with an error status: the call reached it and it refused. */
export class FunctionRefusedError extends Error {
  constructor(readonly status: number) {
    super(`Edge Function returned ${status}`);
    this.name = 'FunctionRefusedError';
  }
}

/** What `invoke()` answers, as functions-js does for a JSON answer: the data, or the error. */
export interface InvokeAnswer {
  data: unknown;
  error: Error | null;
}

/**
 * The anon client of a backend's functions: `invoke()` with a JSON body; `fetch` is for tests.
 * A call is sent with `keepalive`: when the visitor reloads or leaves the page while it is on its
 * way, it still reaches the server, although the page sees it fail.
 */
export function createPublicFunctions(config: SupabaseConfig, fetch: Fetch = globalThis.fetch) {
  const url = apiUrl(config, 'functions/v1');
  return {
    async invoke(name: string, { body }: { body: unknown }): Promise<InvokeAnswer> {
      try {
        const response = await fetch(`${url}/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...anonHeaders(config) },
          body: JSON.stringify(body),
          keepalive: true,
        });
        if (!response.ok) return { data: null, error: new FunctionRefusedError(response.status) };
        const json = response.headers.get('Content-Type')?.includes('application/json');
        return { data: await (json ? response.json() : response.text()), error: null };
      } catch (error) {
        return { data: null, error: error instanceof Error ? error : new Error(String(error)) };
      }
    },
  };
}

export type PublicFunctions = ReturnType<typeof createPublicFunctions>;

let config: SupabaseConfig | null | undefined;
let rest: PostgrestClient | undefined;
let functions: PublicFunctions | undefined;

function browserConfig(): SupabaseConfig | null {
  if (config === undefined) config = resolveSupabaseConfig(browserConfigSources());
  return config;
}

/** This page's anon PostgREST client, or null when the site has no backend configured. */
export async function loadPublicRest(): Promise<PostgrestClient | null> {
  const backend = browserConfig();
  if (!backend) return null;
  rest ??= await createPublicRest(backend);
  return rest;
}

/** This page's anon functions client, or null when the site has no backend configured. */
export async function loadPublicFunctions(): Promise<PublicFunctions | null> {
  const backend = browserConfig();
  if (!backend) return null;
  functions ??= createPublicFunctions(backend);
  return functions;
}
