import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { seoRoutes } from '../../server/seo/index.ts';
import { restPublishedPages } from '../../server/seo/rest-pages.ts';
import { sitemapEntries, sitemapXml, type SitemapEntry } from '../../server/seo/sitemap.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { LEGAL_PAGES } from '../../src/site/legal/legal-pages.ts';
import { REQUEST_FORM_PATH } from '../../src/site/request/request-route.ts';

/**
 * /sitemap.xml and /robots.txt: the sitemap is a valid sitemaps.org 0.9 document
 * listing /, /blog, the published articles only and the legal pages, each with its last
 * modification.
 */
let server: TestServer;

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

interface SitemapUrl {
  loc: string;
  lastmod: string | undefined;
}

/**
 * Parses a sitemap strictly against the sitemaps.org schema's shape: the XML declaration, one
 * `urlset` in the 0.9 namespace, and `url` elements holding one `loc` and at most one `lastmod`;
 * anything else (other elements, stray text, unescaped characters) fails.
 */
function parseSitemap(xml: string): SitemapUrl[] {
  const document =
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">([\s\S]*)<\/urlset>\s*$/.exec(
      xml,
    );
  if (!document) throw new Error(`Not a sitemap document:\n${xml}`);
  const body = document[1]!;
  const url =
    /\s*<url>\s*<loc>([^<>&]*|(?:[^<>&]|&(?:amp|lt|gt|quot|apos|#\d+);)*)<\/loc>\s*(?:<lastmod>([^<]*)<\/lastmod>\s*)?<\/url>\s*/y;
  const urls: SitemapUrl[] = [];
  while (url.lastIndex < body.length) {
    const start = url.lastIndex;
    const match = url.exec(body);
    if (!match) throw new Error(`Unexpected sitemap content at: ${body.slice(start, start + 80)}`);
    urls.push({ loc: match[1]!, lastmod: match[2] });
  }
  return urls;
}

async function sitemap(): Promise<SitemapUrl[]> {
  const response = await fetch(`${server.url}/sitemap.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  return parseSitemap(await response.text());
}

const paths = (urls: SitemapUrl[]) => urls.map((u) => new URL(u.loc).pathname);
const LEGAL_PATHS = LEGAL_PAGES.map((page) => page.path);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.serviceClient();
  const { error } = await db.from('blog_posts').insert([
    { title: 'Vidange', slug: 'vidange', content: 'x', published_at: iso(-3 * DAY) },
    { title: 'Pneus hiver', slug: 'pneus-hiver', content: 'x', published_at: iso(-DAY) },
    { title: 'Brouillon', slug: 'brouillon', content: 'x', published_at: null },
    {
      title: 'Programmé',
      slug: 'programme',
      content: 'x',
      published_at: null,
      scheduled_at: iso(2 * DAY),
    },
    { title: 'Daté demain', slug: 'date-demain', content: 'x', published_at: iso(DAY) },
  ]);
  if (error) throw new Error(error.message);
});

afterAll(async () => {
  await server?.close();
});

describe('/sitemap.xml', () => {
  it('is a valid sitemap of absolute addresses on the site, each with a W3C last modification', async () => {
    const urls = await sitemap();
    expect(urls.length).toBeGreaterThanOrEqual(2);
    for (const { loc, lastmod } of urls) {
      expect(new URL(loc).origin).toBe(server.url);
      expect(loc.length).toBeLessThanOrEqual(2048);
      expect(lastmod).toMatch(W3C_DATETIME);
      expect(Number.isNaN(Date.parse(lastmod!))).toBe(false);
    }
    expect(new Set(urls.map((u) => u.loc)).size).toBe(urls.length);
  });

  it('lists /, /blog and the published articles, newest first, but no draft, scheduled or future post, then the legal pages', async () => {
    expect(paths(await sitemap())).toEqual([
      '/',
      '/blog',
      '/blog/pneus-hiver',
      '/blog/vidange',
      ...LEGAL_PATHS,
      REQUEST_FORM_PATH,
    ]);
  });

  it('dates the legal pages by the last change to the content they show', async () => {
    const before = await sitemap();
    const { error } = await server
      .serviceClient()
      .from('site_content')
      .upsert({
        type: 'legal',
        content: { ...DEFAULT_CONTENT.legal, mentions: 'Site réalisé par Jeanne Martin.' },
      });
    if (error) throw new Error(error.message);
    const after = await sitemap();
    for (const path of LEGAL_PATHS) {
      const lastmod = (urls: SitemapUrl[]) =>
        urls.find((u) => new URL(u.loc).pathname === path)?.lastmod;
      expect(lastmod(after)! >= lastmod(before)!).toBe(true);
      expect(Date.parse(lastmod(after)!)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it("gives each article its last modification, and /blog the newest one's", async () => {
    const db = server.serviceClient();
    const before = await sitemap();
    const { error } = await db
      .from('blog_posts')
      .update({ content: 'Nouveau contenu' })
      .eq('slug', 'vidange');
    if (error) throw new Error(error.message);
    const after = await sitemap();
    const lastmod = (urls: SitemapUrl[], path: string) =>
      urls.find((u) => new URL(u.loc).pathname === path)?.lastmod;
    expect(lastmod(after, '/blog/vidange')! >= lastmod(before, '/blog/vidange')!).toBe(true);
    expect(Date.parse(lastmod(after, '/blog/vidange')!)).toBeGreaterThan(Date.now() - 60_000);
    expect(lastmod(after, '/blog')).toBe(lastmod(after, '/blog/vidange'));
    expect(lastmod(after, '/')! >= lastmod(after, '/blog/vidange')!).toBe(true);
  });

  it('lists a scheduled post once it is published, and forgets one taken back to draft', async () => {
    const db = server.serviceClient();
    const { error } = await db
      .from('blog_posts')
      .update({ published_at: iso(-60_000), scheduled_at: null })
      .eq('slug', 'programme');
    if (error) throw new Error(error.message);
    const unpublished = await db
      .from('blog_posts')
      .update({ published_at: null })
      .eq('slug', 'pneus-hiver');
    if (unpublished.error) throw new Error(unpublished.error.message);
    expect(paths(await sitemap())).toEqual([
      '/',
      '/blog',
      '/blog/programme',
      '/blog/vidange',
      ...LEGAL_PATHS,
      REQUEST_FORM_PATH,
    ]);
  });

  it('is the same when built from the REST API as a visitor, as the prerendering step does', async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const pages = await restPublishedPages(server.url, server.anonKey);
    expect(sitemapXml(sitemapEntries(pages, server.url))).toBe(xml);
    expect(paths(parseSitemap(xml))).toContain('/blog/vidange');
  });

  it('answers HEAD too', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  });
});

describe('the pages of the blog list in the sitemap', () => {
  // 25 posts, newest first, each modified on its own day: three pages of 12, 12 and 1.
  const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T08:00:00Z`;
  const posts = Array.from({ length: 25 }, (_, i) => ({
    slug: `article-${i + 1}`,
    lastmod: day(26 - i),
  }));

  it('lists /blog, then /blog/page/2 and /blog/page/3, before the articles', () => {
    const entries = sitemapEntries({ posts, contentModified: null }, 'https://garage.fr');
    expect(entries.slice(0, 4).map((e) => e.loc)).toEqual([
      'https://garage.fr/',
      'https://garage.fr/blog',
      'https://garage.fr/blog/page/2',
      'https://garage.fr/blog/page/3',
    ]);
    expect(entries).toHaveLength(1 + 3 + 25 + LEGAL_PATHS.length + 1);
    expect(entries.filter((e) => e.loc.includes('/page/4'))).toEqual([]);
  });

  it('dates each page by the latest change to a post on it or on a page before it', () => {
    // An old post, on the last page, was just edited: only that page shows it.
    const edited = posts.map((p) => (p.slug === 'article-25' ? { ...p, lastmod: day(28) } : p));
    const lastmod = (entries: SitemapEntry[], loc: string) =>
      entries.find((e) => e.loc === `https://garage.fr${loc}`)?.lastmod;
    const entries = sitemapEntries({ posts: edited, contentModified: null }, 'https://garage.fr');
    expect(lastmod(entries, '/blog')).toBe(day(26));
    expect(lastmod(entries, '/blog/page/2')).toBe(day(26));
    expect(lastmod(entries, '/blog/page/3')).toBe(day(28));
    // A newer post moves every page along.
    const published = [{ slug: 'nouveau', lastmod: day(29) }, ...edited];
    const after = sitemapEntries({ posts: published, contentModified: null }, 'https://garage.fr');
    for (const loc of ['/blog', '/blog/page/2', '/blog/page/3']) {
      expect(lastmod(after, loc)).toBe(day(29));
    }
  });

  it('keeps one page for an empty blog', () => {
    const entries = sitemapEntries({ posts: [], contentModified: day(3) }, 'https://garage.fr');
    expect(entries.map((e) => e.loc)).toEqual([
      'https://garage.fr/',
      'https://garage.fr/blog',
      ...[...LEGAL_PATHS, REQUEST_FORM_PATH].map((path) => `https://garage.fr${path}`),
    ]);
  });
});

describe('/robots.txt', () => {
  it('points to the sitemap and keeps crawlers out of the back-office', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n').map((l) => l.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    // Robots rules are prefixes: "/admin" also covers /admin-login; nothing public is disallowed.
    const disallowed = lines.filter((l) => l.startsWith('Disallow:')).map((l) => l.slice(9).trim());
    expect(disallowed).toEqual(['/admin']);
  });
});

describe('the site address', () => {
  it('comes from SITE_URL when it is set, whatever host the request came to', async () => {
    const app = seoRoutes({
      db: server.db,
      config: server.config,
      siteUrl: 'https://garage-exemple.fr',
    });
    const robots = await (await app.request('http://127.0.0.1/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://garage-exemple.fr/sitemap.xml');
    const urls = parseSitemap(await (await app.request('http://127.0.0.1/sitemap.xml')).text());
    expect(urls.map((u) => u.loc)).toContain('https://garage-exemple.fr/blog/vidange');
    expect(urls[0]!.loc).toBe('https://garage-exemple.fr/');
  });

  it('is otherwise the address the server listens on, never a Host or forwarded header', async () => {
    const headers = {
      host: 'attaquant.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'attaquant.example',
    };
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const text = await (await fetch(`${server.url}${path}`, { headers })).text();
      expect(text).toContain(server.url);
      expect(text).not.toContain('attaquant');
    }
  });
});
