import { useQuery } from '@tanstack/react-query';
import { loadSupabase } from '../../../lib/supabase-lazy.ts';
import { blogPostKeys } from './keys.ts';

/** What a post preview shows: a card on the home page (and, in issue 4, on /blog). */
export interface PostPreview {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  image_url: string | null;
  published_at: string;
}

/** Spec §9: the home page previews the 3 latest posts. */
export const HOME_POSTS_LIMIT = 3;

/** The latest published posts, newest first: published_at set and not in the future. */
export async function fetchLatestPosts(limit: number): Promise<PostPreview[]> {
  const supabase = await loadSupabase();
  if (!supabase) throw new Error('Configuration Supabase manquante');
  const { data, error } = await supabase
    .from('blog_posts')
    .select('id, title, slug, excerpt, image_url, published_at')
    .not('published_at', 'is', null)
    .lte('published_at', new Date().toISOString())
    .order('published_at', { ascending: false })
    .limit(limit);
  if (error) throw error;
  return data as PostPreview[];
}

export function useLatestPostsQuery(limit: number = HOME_POSTS_LIMIT) {
  return useQuery({
    queryKey: blogPostKeys.latest(limit),
    queryFn: async () => {
      try {
        return await fetchLatestPosts(limit);
      } catch (error) {
        // Spec §2: a failed load shows the empty text; the cause goes to the developer's console.
        console.error('Erreur lors du chargement des articles', error);
        throw error;
      }
    },
    retry: false,
  });
}
