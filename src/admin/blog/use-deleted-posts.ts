import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { blogPostKeys } from '../../site/blog/api/keys.ts';
import {
  historyKeys,
  listDeletedPosts,
  restoreDeletedPost,
  type DeletedPost,
} from '../content/history-api.ts';

/** « Articles supprimés », read once the owner opens it, and again after each change of a post. */
export function useDeletedPosts(client: SupabaseClient, open: boolean) {
  return useQuery({
    queryKey: historyKeys.deletedPosts,
    queryFn: () =>
      listDeletedPosts(client).catch((error: unknown) => {
        console.error('Erreur lors du chargement des articles supprimés', error);
        throw error;
      }),
    enabled: open,
    staleTime: 0,
    retry: false,
  });
}

/**
 * Puts a deleted post back; the admin list, the site's reads of posts and the deleted ones are
 * read again (all under blogPostKeys.all) before the restore counts as done.
 */
export function useRestoreDeletedPost(client: SupabaseClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deleted: DeletedPost) => restoreDeletedPost(client, deleted),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogPostKeys.all }),
  });
}
