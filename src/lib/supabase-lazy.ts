import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The public site fetches the supabase-js client on first use rather than in its entry chunk, so a
 * visitor's first load carries no backend client (the admin imports `supabase.ts` directly).
 */
export function loadSupabase(): Promise<SupabaseClient | null> {
  return import('./supabase.ts').then((module) => module.supabase);
}
