import { useQuery } from '@tanstack/react-query';
import { preloadable } from '../lib/preloadable.ts';
import { loadPublicRest } from '../lib/public-client.ts';
import type { SiteContent } from './content.ts';

export const contentKeys = {
  all: ['site_content'] as const,
};

/**
 * Every site_content row, validated; a missing or invalid row is replaced by its defaults. The
 * validators (`content.ts`) come with the first read from the network, while the rows travel, and
 * never with the page: a server-rendered page hands over content the server already validated.
 */
export async function fetchSiteContent(): Promise<SiteContent> {
  const rest = await loadPublicRest();
  if (!rest) throw new Error('Configuration Supabase manquante');
  const [{ data, error }, { parseSiteContent }] = await Promise.all([
    rest.from('site_content').select('*'),
    import('./content.ts'),
  ]);
  if (error) throw error;
  return parseSiteContent(data as { type: string; content: unknown }[]);
}

/**
 * The spec's defaults, which stand for the content until it is there. A page the server rendered
 * arrives with its content, so their chunk is fetched only where the browser renders a page by
 * itself: main.tsx loads it before that first render.
 */
const defaults = preloadable(() => import('./generated/defaults.ts'));

export const preloadDefaultContent = defaults.preload;

/**
 * The site's content, read once per page load. While it loads, and if the load fails (logged to
 * the console only), the defaults stand (fetched first if need be: the caller suspends
 * meanwhile).
 */
export function useSiteContent(): { content: SiteContent; isLoading: boolean } {
  const query = useQuery({
    queryKey: contentKeys.all,
    queryFn: async () => {
      try {
        return await fetchSiteContent();
      } catch (error) {
        console.error('Erreur lors du chargement du contenu', error);
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
  const content = query.data ?? (defaults.useModule().DEFAULT_CONTENT as SiteContent);
  return { content, isLoading: query.isPending };
}
