import type { SupabaseClient } from '@supabase/supabase-js';

/** The calls of the AI panel (the stored key, the generation), one function per operation. */

const KEY_NAME = 'openai';

/** The stored OpenAI key, or null when none is stored. Throws the backend's error. */
export async function fetchStoredKey(client: SupabaseClient): Promise<string | null> {
  const { data, error } = await client
    .from('api_keys')
    .select('key')
    .eq('name', KEY_NAME)
    .maybeSingle<{ key: string }>();
  if (error) throw error;
  return data?.key || null;
}

export async function saveStoredKey(client: SupabaseClient, key: string): Promise<void> {
  const { error } = await client
    .from('api_keys')
    .upsert({ name: KEY_NAME, key }, { onConflict: 'name' });
  if (error) throw error;
}

export interface GenerationReply {
  success?: boolean;
  error?: string;
  articles?: unknown[];
}

/**
 * The function is for administrators only (docs/decisions/016-ai-article-generation.md), so
 * the bearer is not the anon key: functions.invoke sends the signed-in admin's session token.
 * A typed key is sent; otherwise the function uses the stored one (it never leaves the database).
 */
export function requestArticles(
  client: SupabaseClient,
  body: { count: number; model: string; apiKey?: string },
) {
  return client.functions.invoke<GenerationReply>('generate-articles', { body });
}
