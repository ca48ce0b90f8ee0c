import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '../../content/api.ts';
import type { ContentType } from '../../content/generated/types.ts';
import { MISSING_CONFIG_MESSAGE, supabase } from '../../lib/supabase.ts';

export interface SaveContentVariables {
  type: ContentType;
  content: unknown;
}

/**
 * Upserts one site_content row. The database checks the content against its schema and
 * refuses it with a 400 whose message names the field in French; that PostgREST error is thrown
 * as is, for the editor to show.
 */
export async function saveSiteContent(type: ContentType, content: unknown): Promise<void> {
  if (!supabase) throw new Error(MISSING_CONFIG_MESSAGE);
  const { error } = await supabase.from('site_content').upsert({ type, content });
  if (error) throw error;
}

/** Saves one content type, then has every reader of the site's content fetch it again. */
export function useSaveContentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, content }: SaveContentVariables) => saveSiteContent(type, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
