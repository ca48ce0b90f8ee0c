import { useQuery } from '@tanstack/react-query';
import { loadPublicRest } from '../lib/public-client.ts';
import type { SiteContent } from './content.ts';
import { DEFAULT_CONTENT } from './generated/defaults.ts';

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
 * The site's content, read once per page load. While it loads, and if the load fails (spec §8:
 * logged to the console only), the defaults stand.
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
  return { content: query.data ?? (DEFAULT_CONTENT as SiteContent), isLoading: query.isPending };
}
