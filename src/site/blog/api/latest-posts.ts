import { useQuery } from '@tanstack/react-query';
import { fetchPublishedPosts, logPostsError } from './published-posts.ts';
import { blogPostKeys } from './keys.ts';

export type { PostPreview } from './published-posts.ts';

/** The home page previews the 3 latest posts. */
export const HOME_POSTS_LIMIT = 3;

/** The latest published posts, newest first. */
export function fetchLatestPosts(limit: number) {
  return fetchPublishedPosts(limit);
}

export function useLatestPostsQuery(limit: number = HOME_POSTS_LIMIT) {
  return useQuery({
    queryKey: blogPostKeys.latest(limit),
    queryFn: async () => {
      try {
        return await fetchLatestPosts(limit);
      } catch (error) {
        // A failed load shows the empty text; the cause goes to the developer's console.
        logPostsError(error);
        throw error;
      }
    },
    retry: false,
  });
}
