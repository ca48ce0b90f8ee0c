import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { sessionWatchingFetch } from './session-rejected.ts';
import { authStorageKey, browserConfigSources, resolveSupabaseConfig } from './supabase-config.ts';

/**
 * The one supabase-js client of the back-office, which gets it from its context
 * (src/admin/client/app-client-provider.tsx; docs/decisions/083-one-client-in-the-back-office.md).
 * It is `null` when the site was built and served without a backend URL and key: screens then
 * show 'Configuration Supabase manquante' (docs/decisions/017-missing-configuration.md) instead
 * of crashing at import. The session is
 * kept in localStorage and refreshed automatically (supabase-js defaults); an answer refusing it
 * is reported to the back-office (src/lib/session-rejected.ts).
 */
function createSupabase(): SupabaseClient | null {
  const config = resolveSupabaseConfig(browserConfigSources());
  return config
    ? createClient(config.url, config.anonKey, {
        auth: { storageKey: authStorageKey(config) },
        global: { fetch: sessionWatchingFetch },
      })
    : null;
}

export const supabase: SupabaseClient | null = createSupabase();
