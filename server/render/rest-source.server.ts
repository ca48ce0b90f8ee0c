import type { PublicDataSource } from '../../src/entry-server.tsx';
import type { Article } from '../../src/site/blog/api/article.ts';
import type { PostPreview } from '../../src/site/blog/api/published-posts.ts';

/** A GET on the backend's REST API as a visitor (`path?query` under /rest/v1/), parsed as JSON. */
export function restReader(backendUrl: string, anonKey: string) {
  const base = `${backendUrl.replace(/\/+$/, '')}/rest/v1/`;
  return async function get<T>(pathAndQuery: string): Promise<T> {
    const response = await fetch(base + pathAndQuery, {
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' },
    });
    if (!response.ok) {
      throw new Error(`GET ${pathAndQuery}: ${response.status} ${await response.text()}`);
    }
    return (await response.json()) as T;
  };
}

/**
 * The public data read through a backend's REST API with its anon key, as a visitor's browser
 * would (hosted Supabase or the self-hosted server): what the prerendering step uses.
 */
export function restSource(backendUrl: string, anonKey: string): PublicDataSource {
  const get = restReader(backendUrl, anonKey);
  return {
    siteContentRows: () => get('site_content?select=type,content'),
    publishedPosts: (limit?: number) => {
      const now = encodeURIComponent(new Date().toISOString());
      const query =
        `blog_posts?select=id,title,slug,excerpt,image_url,published_at` +
        `&published_at=not.is.null&published_at=lte.${now}&order=published_at.desc`;
      return get<PostPreview[]>(limit === undefined ? query : `${query}&limit=${limit}`);
    },
    article: async (slug: string) => {
      const rows = await get<Article[]>(`blog_posts?select=*&slug=eq.${encodeURIComponent(slug)}`);
      return rows[0] ?? null;
    },
  };
}
