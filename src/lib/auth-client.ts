import { GoTrueClient } from '@supabase/supabase-js';
import { authStorageKey, type SupabaseConfig } from '../../lib/supabase-config.ts';

/**
 * The auth client alone, as supabase-js builds it inside `createClient` (same address, headers
 * and session storage), without the query, realtime and storage clients the login page never
 * uses: the back-office it leads to reads the session this one stores.
 */
export function createLoginAuth(config: SupabaseConfig): GoTrueClient {
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
