import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '../../content/api.ts';
import type { ContentType } from '../../content/generated/types.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { MISSING_CONFIG_MESSAGE } from '../../lib/supabase-config.ts';
import { useSupabase } from '../client/client-context.tsx';
import { isUniqueViolation, SaveConflictError } from './save-conflict.ts';

export interface SaveContentVariables {
  type: ContentType;
  content: unknown;
  /**
   * The version the content was based on (the row's updated_at as read; null: there was no row).
   * Absent, the save is unconditional: it stores the content over whatever is there.
   */
  base?: string | null;
}

function required(client: SupabaseClient | null): SupabaseClient {
  if (!client) throw new Error(MISSING_CONFIG_MESSAGE);
  return client;
}

/**
 * Stores one site_content row and returns its new version (updated_at). With a base version, the
 * save is refused with a SaveConflictError when the stored row is no longer that version
 * (docs/decisions/026-no-silent-overwrite.md). The database checks the content against its schema
 * and refuses it with a 400 whose message names the field in French; that PostgREST error is
 * thrown as is, for the editor to show.
 */
export async function saveSiteContent(
  client: SupabaseClient | null,
  type: ContentType,
  content: unknown,
  base?: string | null,
): Promise<string> {
  const db = required(client);
  if (base === undefined) {
    const { data, error } = await db
      .from('site_content')
      .upsert({ type, content })
      .select('updated_at')
      .single();
    if (error) throw error;
    return (data as { updated_at: string }).updated_at;
  }
  if (base === null) {
    const { data, error } = await db
      .from('site_content')
      .insert({ type, content })
      .select('updated_at')
      .single();
    if (isUniqueViolation(error)) throw new SaveConflictError('changed');
    if (error) throw error;
    return (data as { updated_at: string }).updated_at;
  }
  const { data, error } = await db
    .from('site_content')
    .update({ content })
    .eq('type', type)
    .eq('updated_at', base)
    .select('updated_at');
  if (error) throw error;
  const rows = (data ?? []) as { updated_at: string }[];
  if (rows.length === 0) throw new SaveConflictError('changed');
  return rows[0]!.updated_at;
}

/** The stored row of one type, read now (null when there is none). */
export async function fetchStoredContent(
  client: SupabaseClient | null,
  type: ContentType,
): Promise<{ content: unknown; updated_at: string } | null> {
  const { data, error } = await required(client)
    .from('site_content')
    .select('content, updated_at')
    .eq('type', type)
    .maybeSingle();
  if (error) throw error;
  return data as { content: unknown; updated_at: string } | null;
}

/** Each stored type's version (updated_at): what an editor's saves are based on. */
export function useContentVersions() {
  const client = useSupabase();
  return useQuery({
    queryKey: [...contentKeys.all, 'versions'],
    queryFn: async () => {
      const { data, error } = await required(client)
        .from('site_content')
        .select('type, updated_at');
      if (error) throw error;
      const rows = (data ?? []) as { type: string; updated_at: string }[];
      return Object.fromEntries(rows.map((row) => [row.type, row.updated_at])) as Partial<
        Record<ContentType, string>
      >;
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** Saves one content type, then has every reader of the site's content fetch it again. */
export function useSaveContentMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, content, base }: SaveContentVariables) =>
      saveSiteContent(client, type, content, base),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
