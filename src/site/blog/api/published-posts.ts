import { useQuery } from '@tanstack/react-query';
import { loadPublicRest } from '../../../lib/public-client.ts';
import { BackendMissingError } from './backend-missing.ts';
import { blogPostKeys } from './keys.ts';

/** What a post card shows, on the home page and on /blog. */
export interface PostPreview {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  image_url: string | null;
  published_at: string;
}

/** Spec §2 and §7: the published posts, newest first: published_at set and not in the future. */
export async function fetchPublishedPosts(limit?: number): Promise<PostPreview[]> {
  const rest = await loadPublicRest();
  if (!rest) throw new BackendMissingError();
  const query = rest
    .from('blog_posts')
    .select('id, title, slug, excerpt, image_url, published_at')
    .not('published_at', 'is', null)
    .lte('published_at', new Date().toISOString())
    .order('published_at', { ascending: false });
  const { data, error } = await (limit === undefined ? query : query.limit(limit));
  if (error) throw error;
  return data as PostPreview[];
}

/** Spec §8: a failed load is reported on the page; its cause goes to the developer's console. */
export function logPostsError(error: unknown): void {
  if (!(error instanceof BackendMissingError)) {
    console.error('Erreur lors du chargement des articles', error);
  }
}

/** Every published post, for /blog. */
export function usePublishedPostsQuery() {
  return useQuery({
    queryKey: blogPostKeys.published(),
    queryFn: async () => {
      try {
        return await fetchPublishedPosts();
      } catch (error) {
        logPostsError(error);
        throw error;
      }
    },
    retry: false,
  });
}
