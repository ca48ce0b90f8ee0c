import { useEffect, useRef } from 'react';
import { loadPublicRest } from '../../../lib/public-client.ts';

/** One more view for the article (docs/product.md#view-counts); the answer is not shown. */
export async function incrementViews(slug: string): Promise<void> {
  const rest = await loadPublicRest();
  if (!rest) return;
  const { error } = await rest.rpc('increment_views', { post_slug: slug });
  if (error) throw error;
}

/**
 * Counts one view once the article has loaded, exactly once per load of the article: StrictMode
 * runs effects twice and a refetch may flip `loaded`, so the counted slug is remembered. A failure
 * is only a warning: the reader never sees it.
 */
export function useCountViewOnce(
  slug: string,
  loaded: boolean,
  count: (slug: string) => Promise<void> = incrementViews,
): void {
  const countedSlug = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || countedSlug.current === slug) return;
    countedSlug.current = slug;
    count(slug).catch((error: unknown) => {
      console.warn("Impossible d'enregistrer la vue de l'article", error);
    });
  }, [slug, loaded, count]);
}
