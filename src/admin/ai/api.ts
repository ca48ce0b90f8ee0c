import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { MISSING_CONFIG_MESSAGE } from '../../lib/supabase-config.ts';

/** The calls of the AI panel (the stored key, the generation), one function per operation. */

const KEY_NAME = 'openai';

export const aiKeys = {
  storedKey: ['admin', 'api-keys', KEY_NAME] as const,
};

function required(client: SupabaseClient | null): SupabaseClient {
  if (!client) throw new Error(MISSING_CONFIG_MESSAGE);
  return client;
}

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

/** The stored key, read each time the panel opens (another device may have changed it). */
export function useStoredKey(client: SupabaseClient | null) {
  return useQuery({
    queryKey: aiKeys.storedKey,
    queryFn: () =>
      fetchStoredKey(required(client)).catch((error: unknown) => {
        console.error('Chargement de la clé API impossible :', error);
        throw error;
      }),
    enabled: client !== null,
    staleTime: 0,
    retry: false,
  });
}

/** Stores the key; the panel shows it at once: what was stored is known, nothing to read again. */
export function useSaveStoredKey(client: SupabaseClient | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => saveStoredKey(required(client), key),
    onSuccess: (_, key) => queryClient.setQueryData(aiKeys.storedKey, key),
  });
}
