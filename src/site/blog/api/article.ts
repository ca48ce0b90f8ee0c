import { useQuery } from '@tanstack/react-query';
import { loadPublicRest } from '../../../lib/public-client.ts';
import { BackendMissingError } from './backend-missing.ts';
import { blogPostKeys } from './keys.ts';
import type { BlogPostRow } from '../../../lib/blog-post-row.ts';

/** A blog_posts row, all columns. */
export type Article = BlogPostRow;

/**
 * The post whose slug is the route's, expecting one row. Row-level security lets a
 * visitor read published posts only, so a draft's slug reads as "no row".
 */
export async function fetchArticle(slug: string): Promise<Article> {
  const rest = await loadPublicRest();
  if (!rest) throw new BackendMissingError();
  const { data, error } = await rest.from('blog_posts').select('*').eq('slug', slug).single();
  if (error) throw error;
  return data as Article;
}

/** PostgREST's answer to `.single()` when no row matches: a missing article, not a failure. */
function isNoRow(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && error.code === 'PGRST116'
  );
}

export function useArticleQuery(slug: string) {
  return useQuery({
    queryKey: blogPostKeys.article(slug),
    queryFn: async () => {
      try {
        return await fetchArticle(slug);
      } catch (error) {
        if (!(error instanceof BackendMissingError) && !isNoRow(error)) {
          console.error("Erreur lors du chargement de l'article", error);
        }
        throw error;
      }
    },
    enabled: slug !== '',
    // A missing article stays missing: asking twice only delays the message.
    retry: false,
  });
}
