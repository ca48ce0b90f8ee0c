import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FunctionEnv } from './env.ts';

/** A supabase-js client acting as the service role, the only role allowed some writes (visits). */
export function createServiceClient(env: FunctionEnv): SupabaseClient {
  return createClient(env.supabaseUrl, env.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: env.fetch ? { fetch: env.fetch } : {},
    ...(env.WebSocket ? { realtime: { transport: env.WebSocket as never } } : {}),
  });
}
