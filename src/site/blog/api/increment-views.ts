import { useEffect, useRef, useState } from 'react';
import { loadPublicRest } from '../../../lib/public-client.ts';

/**
 * One more view for the article (docs/product.md#view-counts); the answer is the count with this
 * view, read live (null when the database counted nothing).
 */
export async function incrementViews(slug: string): Promise<number | null> {
  const rest = await loadPublicRest();
  if (!rest) return null;
  const { data, error } = await rest.rpc('increment_views', { post_slug: slug });
  if (error) throw error;
  return typeof data === 'number' ? data : null;
}

/**
 * Counts one view once the article has loaded, exactly once per load of the article: StrictMode
 * runs effects twice and a refetch may flip `loaded`, so the counted slug is remembered. A failure
 * is only a warning: the reader never sees it.
 *
 * Returns the live count the database answered for this slug, once it has: the page shows it in
 * place of the count it was rendered with, which a cached page may hold back
 * (docs/decisions/029-live-view-count.md).
 */
export function useCountViewOnce(
  slug: string,
  loaded: boolean,
  count: (slug: string) => Promise<number | null | void> = incrementViews,
): number | undefined {
  const countedSlug = useRef<string | null>(null);
  const [live, setLive] = useState<{ slug: string; views: number } | undefined>();
  useEffect(() => {
    if (!loaded || countedSlug.current === slug) return;
    countedSlug.current = slug;
    count(slug).then(
      (views) => {
        if (typeof views === 'number') setLive({ slug, views });
      },
      (error: unknown) => {
        console.warn("Impossible d'enregistrer la vue de l'article", error);
      },
    );
  }, [slug, loaded, count]);
  return live?.slug === slug ? live.views : undefined;
}
