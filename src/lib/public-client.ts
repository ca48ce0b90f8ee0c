import type { FunctionsClient } from '@supabase/functions-js';
import type { PostgrestClient } from '@supabase/postgrest-js';
import { browserConfigSources, resolveSupabaseConfig } from './supabase-config.ts';

/**
 * The public pages' backend clients: the two parts of supabase-js a visitor needs, without the
 * rest of it.
 *
 * `createClient` from supabase-js carries auth (sessions, token refresh), realtime and storage
 * besides its query and function clients: about 50 kB of gzipped JavaScript, which the home page
 * downloaded only to record a visit. A visitor never signs in, so the public pages use the
 * standalone packages supabase-js itself is built from, pinned to the versions it pulls in:
 * `@supabase/postgrest-js` (`from()`, `rpc()`) and `@supabase/functions-js` (`invoke()`). Given the
 * URLs and the headers `createClient` gives them (`apikey` and `Authorization: Bearer <anon key>`,
 * with the `public` schema), they send the same requests. Each is fetched on first use, in its own
 * chunk: the home page loads only the small functions client.
 *
 * Unlike supabase-js, these always speak as the anon role, even when an administrator is signed
 * in in this browser: the public pages show what any visitor sees, as the server renders them.
 * The back-office keeps the full client (`supabase.ts`). Both read the same configuration
 * (`supabase-config.ts`); without it, both loaders give `null`.
 */

interface AnonEndpoint {
  /** The backend's base URL, ending with `/`. */
  base: URL;
  headers: Record<string, string>;
}

let endpoint: AnonEndpoint | null | undefined;

function anonEndpoint(): AnonEndpoint | null {
  if (endpoint !== undefined) return endpoint;
  const config = resolveSupabaseConfig(browserConfigSources());
  endpoint = config && {
    base: new URL(config.url.endsWith('/') ? config.url : `${config.url}/`),
    headers: { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` },
  };
  return endpoint;
}

let rest: PostgrestClient | undefined;
let functions: FunctionsClient | undefined;

/** The anon PostgREST client (`/rest/v1`), or null when the site has no backend configured. */
export async function loadPublicRest(): Promise<PostgrestClient | null> {
  const target = anonEndpoint();
  if (!target) return null;
  const { PostgrestClient } = await import('@supabase/postgrest-js');
  rest ??= new PostgrestClient(new URL('rest/v1', target.base).href, {
    headers: { ...target.headers },
    schema: 'public',
  });
  return rest;
}

/** The anon client of the backend's functions (`/functions/v1`), or null without a backend. */
export async function loadPublicFunctions(): Promise<FunctionsClient | null> {
  const target = anonEndpoint();
  if (!target) return null;
  const { FunctionsClient } = await import('@supabase/functions-js');
  functions ??= new FunctionsClient(new URL('functions/v1', target.base).href, {
    headers: { ...target.headers },
  });
  return functions;
}
