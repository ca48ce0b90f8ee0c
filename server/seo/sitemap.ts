import type { Database } from '../db/database.ts';
import { BLOG_PAGE_SIZE, blogPageCount, blogPagePath } from '../../src/site/blog/pages.ts';
import { LEGAL_PAGES } from '../../src/site/legal/legal-pages.ts';
import { REQUEST_FORM_PATH } from '../../src/site/request/request-route.ts';

/** One `<url>` of the sitemap: an absolute address and its last modification (W3C datetime). */
export interface SitemapEntry {
  loc: string;
  lastmod?: string | undefined;
}

interface PostRow {
  slug: string;
  lastmod: string;
}

/** What a visitor may read, as the sitemap needs it: dates are W3C datetimes in UTC. */
export interface PublishedPages {
  /** Newest first. */
  posts: PostRow[];
  contentModified: string | null;
}

interface Dates {
  content: string | null;
}

const W3C = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

/**
 * What a visitor may read, asked as the anonymous role so that row-level security decides what is
 * published: drafts and scheduled posts are never listed, nor posts dated in the future.
 */
export async function publishedPages(db: Database): Promise<PublishedPages> {
  return db.asRequest({ role: 'anon', claims: { role: 'anon' } }, async (tx) => {
    const { rows: posts } = await tx.query<PostRow>(
      `select slug,
              to_char(greatest(updated_at, published_at) at time zone 'UTC', ${W3C}) as lastmod
         from public.blog_posts
        where published_at is not null and published_at <= now()
        order by published_at desc, slug`,
    );
    const { rows } = await tx.query<Dates>(
      `select to_char(max(updated_at) at time zone 'UTC', ${W3C}) as content from public.site_content`,
    );
    return { posts, contentModified: rows[0]?.content ?? null };
  });
}

function latest(...dates: (string | null | undefined)[]): string | undefined {
  // W3C datetimes in UTC compare as strings.
  return dates
    .filter((d): d is string => !!d)
    .sort()
    .pop();
}

/**
 * Every page of the blog list (`/blog`, `/blog/page/2`…). What page N shows moves when a post on
 * it or on a page before it is edited, published or removed: its last modification is the latest
 * of the posts up to its end.
 */
function blogListEntries(posts: PostRow[], contentModified: string | null, baseUrl: string) {
  const entries: SitemapEntry[] = [];
  let upToPage: string | undefined;
  for (let page = 1; page <= blogPageCount(posts.length); page++) {
    const shown = posts.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE);
    upToPage = latest(upToPage, ...shown.map((p) => p.lastmod));
    entries.push({
      loc: `${baseUrl}${blogPagePath(page)}`,
      lastmod: latest(upToPage, contentModified),
    });
  }
  return entries;
}

/**
 * `/`, the pages of the blog list, every published article, the legal pages and the request form,
 * each with its
 * last modification.
 */
export function sitemapEntries(
  { posts, contentModified }: PublishedPages,
  baseUrl: string,
): SitemapEntry[] {
  const newestPost = latest(...posts.map((p) => p.lastmod));
  return [
    // The home page shows the content and the latest posts.
    { loc: `${baseUrl}/`, lastmod: latest(contentModified, newestPost) },
    ...blogListEntries(posts, contentModified, baseUrl),
    ...posts.map((p) => ({
      loc: `${baseUrl}/blog/${encodeURIComponent(p.slug)}`,
      lastmod: p.lastmod,
    })),
    // A legal page shows the identity and legal content only.
    ...LEGAL_PAGES.map((page) => ({
      loc: `${baseUrl}${page.path}`,
      lastmod: contentModified ?? undefined,
    })),
    // The request form shows the services and the identity (its phone) only.
    { loc: `${baseUrl}${REQUEST_FORM_PATH}`, lastmod: contentModified ?? undefined },
  ];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A sitemap per the sitemaps.org 0.9 schema. */
export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `  <url>\n    <loc>${escapeXml(e.loc)}</loc>\n` +
      (e.lastmod ? `    <lastmod>${escapeXml(e.lastmod)}</lastmod>\n` : '') +
      '  </url>\n',
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.join('') +
    '</urlset>\n'
  );
}

export function robotsTxt(baseUrl: string): string {
  // Robots rules match by prefix: this also covers /admin-login.
  return `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}

/** SITE_URL as the sitemap and canonical addresses use it: http(s), no trailing slash. */
export function normalizeSiteUrl(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const url = new URL(value.trim());
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`SITE_URL doit être une adresse http(s) : ${value}`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}
