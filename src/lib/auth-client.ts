import { GoTrueClient } from '@supabase/supabase-js';
import { authStorageKey, type SupabaseConfig } from './supabase-config.ts';

/**
 * The client of the pages that only sign in: /admin-login, /admin/nouveau-mot-de-passe and
 * /installation. It is their one client: the auth part of supabase-js, as `createClient` builds it
 * (same address, headers and session storage), without the query, realtime and storage clients
 * these pages never use, so that they stay small (tests/integration/bundle-boundary.test.ts). The
 * back-office they lead to reads the session this one stores
 * (docs/decisions/083-one-client-in-the-back-office.md).
 */
export function createAuthClient(config: SupabaseConfig): GoTrueClient {
  const base = config.url.endsWith('/') ? config.url : `${config.url}/`;
  return new GoTrueClient({
    url: new URL('auth/v1', base).href,
    headers: { Authorization: `Bearer ${config.anonKey}`, apikey: config.anonKey },
    storageKey: authStorageKey(config),
    persistSession: true,
    // The page is left as soon as the owner is signed in: the back-office refreshes the session.
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}
