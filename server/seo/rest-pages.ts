import { restReader } from '../render/rest-source.server.ts';
import type { PublishedPages } from './sitemap.ts';

interface PostDates {
  slug: string;
  updated_at: string;
  published_at: string;
}

/** A timestamp as the sitemap writes it: W3C datetime, UTC, whole seconds. */
function w3c(timestamp: string): string {
  return `${new Date(timestamp).toISOString().slice(0, 19)}Z`;
}

/**
 * What `publishedPages` reads from the database, read instead through a backend's REST API with
 * its anon key (hosted Supabase, for a static host): row-level security decides what is listed.
 */
export async function restPublishedPages(
  backendUrl: string,
  anonKey: string,
  now = new Date(),
): Promise<PublishedPages> {
  const get = restReader(backendUrl, anonKey);
  const [posts, content] = await Promise.all([
    get<PostDates[]>(
      'blog_posts?select=slug,updated_at,published_at&published_at=not.is.null' +
        `&published_at=lte.${encodeURIComponent(now.toISOString())}&order=published_at.desc,slug`,
    ),
    get<{ updated_at: string }[]>('site_content?select=updated_at&order=updated_at.desc&limit=1'),
  ]);
  return {
    posts: posts.map((post) => ({
      slug: post.slug,
      lastmod: w3c(
        Date.parse(post.updated_at) > Date.parse(post.published_at)
          ? post.updated_at
          : post.published_at,
      ),
    })),
    contentModified: content[0] ? w3c(content[0].updated_at) : null,
  };
}
