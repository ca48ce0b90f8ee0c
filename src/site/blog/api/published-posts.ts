import { loadPublicRest } from '../../../lib/public-client.ts';
import { BackendMissingError } from './backend-missing.ts';

/** A post as the home page's preview reads it. */
export interface PostPreview {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  image_url: string | null;
  published_at: string;
}

/** The latest published posts, newest first: published_at set and not in the future. */
export async function fetchPublishedPosts(limit: number): Promise<PostPreview[]> {
  const rest = await loadPublicRest();
  if (!rest) throw new BackendMissingError();
  const { data, error } = await rest
    .from('blog_posts')
    .select('id, title, slug, excerpt, image_url, published_at')
    .not('published_at', 'is', null)
    .lte('published_at', new Date().toISOString())
    .order('published_at', { ascending: false })
    .limit(limit);
  if (error) throw error;
  return data as PostPreview[];
}

/** A failed load is reported on the page; its cause goes to the developer's console. */
export function logPostsError(error: unknown): void {
  if (!(error instanceof BackendMissingError)) {
    console.error('Erreur lors du chargement des articles', error);
  }
}
