import { useQueryClient } from '@tanstack/react-query';
import { contentKeys, useSiteContent } from '../../content/api.ts';

/**
 * The stored content for an editor. Unlike the public site, an editor must not start from the
 * defaults when the load failed: saving them would overwrite what the owner stored. So it also
 * says whether the load failed, and offers a retry.
 */
export function useStoredContent() {
  const { content, isLoading } = useSiteContent();
  const queryClient = useQueryClient();
  const state = queryClient.getQueryState(contentKeys.all);
  // A failed refetch after a save keeps the data it had: only a load that got nothing is a failure.
  const failed = state?.status === 'error' && state.data === undefined;
  const retry = () => queryClient.refetchQueries({ queryKey: contentKeys.all });
  return { content, isLoading, failed, retry };
}
