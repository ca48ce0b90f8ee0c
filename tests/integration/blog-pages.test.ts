import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildServerBundle } from './site-build.ts';

// The public blog list at 5,000 published posts, as the real server renders it (a server bundle
// of src/entry-server.tsx built here): twelve posts a page, each page small, linked to the next
// and previous ones, and a page past the last answering 404.

const DIST = path.resolve(`.tmp/blog-pages-test-${process.pid}`);
const POSTS = 5000;
const LAST_PAGE = Math.ceil(POSTS / 12);

let server: TestServer;
let removeBundle: (() => Promise<void>) | undefined;

const get = async (pathname: string) => {
  const response = await fetch(server.url + pathname);
  return { status: response.status, html: await response.text() };
};

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const linkHref = (html: string, rel: string) =>
  new RegExp(`<link rel="${rel}" href="([^"]*)"`).exec(head(html))?.[1];

/** The slugs of the cards of a rendered list, in order. */
const cardSlugs = (html: string) =>
  [...html.matchAll(/<h2 class="post-card__title"><a href="\/blog\/([^"]+)"/g)].map((m) => m[1]);

/** The links of the page's pager: what each says, where it leads, and its rel or aria-current. */
function pagerLinks(html: string) {
  const pager = /<nav class="blog-pager"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...pager.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].map(
    ([, attributes = '', inner = '']) => {
      const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1];
      return {
        text: inner.replace(/<[^>]+>/g, ''),
        href: attribute('href'),
        rel: attribute('rel'),
        current: attribute('aria-current'),
      };
    },
  );
}

/** Post n (1 is the newest) is `conseil-n`: page p shows posts 12(p-1)+1 to 12p. */
const slugsOfPage = (page: number) =>
  Array.from(
    { length: Math.min(12, POSTS - (page - 1) * 12) },
    (_, i) => `conseil-${(page - 1) * 12 + i + 1}`,
  );

interface Hydration {
  path: string;
  state: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
}

function hydration(html: string): Hydration {
  const match = /<script type="application\/json" id="hydration-data">([\s\S]*?)<\/script>/.exec(
    html,
  );
  return JSON.parse(match![1]!) as Hydration;
}

beforeAll(async () => {
  removeBundle = await buildServerBundle(DIST);
  server = await startTestServer({ distDir: DIST });
  // Realistic cards: a title, a sentence of excerpt, an image; and an article body that no list
  // page may carry.
  await sql(
    server.db,
    `insert into public.blog_posts (title, slug, content, excerpt, image_url, published_at)
     select 'Conseil d''atelier numéro ' || n || ' : l''entretien de votre voiture',
            'conseil-' || n,
            repeat('Le corps complet de l''article, qui ne figure jamais dans la liste. ', 30),
            'Ce que l''atelier recommande, étape par étape, pour garder votre voiture en forme (conseil ' || n || ').',
            '/images/service-entretien.svg',
            now() - n * interval '1 hour'
       from generate_series(1, ${POSTS}) as n`,
  );
  // Not listed: a draft and a post dated in the future.
  await sql(
    server.db,
    `insert into public.blog_posts (title, slug, content, published_at) values
       ('Brouillon', 'brouillon', 'x', null),
       ('Demain', 'demain', 'x', now() + interval '1 day')`,
  );
}, 240_000);

afterAll(async () => {
  await server?.close();
  await removeBundle?.();
});

describe(`the blog list at ${POSTS} posts`, () => {
  it('serves twelve cards a page in well under 100 kB of HTML, and hydrates only that page', async () => {
    for (const page of [1, 2, LAST_PAGE - 1, LAST_PAGE]) {
      const pathname = page === 1 ? '/blog' : `/blog/page/${page}`;
      const { status, html } = await get(pathname);
      expect(status, pathname).toBe(200);
      expect(Buffer.byteLength(html), pathname).toBeLessThan(50_000);
      expect(cardSlugs(html), pathname).toEqual(slugsOfPage(page));
      expect(html).not.toContain('Le corps complet');

      const data = hydration(html);
      expect(data.path).toBe(pathname);
      const pages = data.state.queries.filter((q) => q.queryKey[1] === 'page');
      expect(pages.map((q) => q.queryKey)).toEqual([['blog_posts', 'page', page]]);
      const shown = pages[0]!.state.data as { posts: Record<string, unknown>[] };
      expect(shown.posts).toHaveLength(slugsOfPage(page).length);
      // The columns a card shows, nothing else.
      expect(Object.keys(shown.posts[0]!).sort()).toEqual(
        ['excerpt', 'image_url', 'published_at', 'slug', 'title'].sort(),
      );
    }
    // 5,000 = 416 × 12 + 8: the last page holds the eight oldest posts.
    expect(slugsOfPage(LAST_PAGE)).toHaveLength(8);
  });

  it('gives each page its canonical address, its prev and next links and a French pager', async () => {
    const first = (await get('/blog')).html;
    expect(head(first)).toContain('<title>Blog – conseils et actualités du garage</title>');
    expect(linkHref(first, 'canonical')).toBe(`${server.url}/blog`);
    expect(linkHref(first, 'prev')).toBeUndefined();
    expect(linkHref(first, 'next')).toBe(`${server.url}/blog/page/2`);
    expect(pagerLinks(first)).toEqual([
      { text: 'Page 1', href: '/blog', rel: undefined, current: 'page' },
      { text: 'Page 2', href: '/blog/page/2', rel: undefined, current: undefined },
      { text: 'Articles plus anciens →', href: '/blog/page/2', rel: 'next', current: undefined },
    ]);

    const second = (await get('/blog/page/2')).html;
    expect(head(second)).toContain(
      '<title>Blog, page 2 – conseils et actualités du garage</title>',
    );
    expect(linkHref(second, 'canonical')).toBe(`${server.url}/blog/page/2`);
    expect(linkHref(second, 'prev')).toBe(`${server.url}/blog`);
    expect(linkHref(second, 'next')).toBe(`${server.url}/blog/page/3`);
    expect(pagerLinks(second)).toEqual([
      { text: '← Articles plus récents', href: '/blog', rel: 'prev', current: undefined },
      { text: 'Page 1', href: '/blog', rel: undefined, current: undefined },
      { text: 'Page 2', href: '/blog/page/2', rel: undefined, current: 'page' },
      { text: 'Page 3', href: '/blog/page/3', rel: undefined, current: undefined },
      { text: 'Articles plus anciens →', href: '/blog/page/3', rel: 'next', current: undefined },
    ]);

    const last = (await get(`/blog/page/${LAST_PAGE}`)).html;
    expect(linkHref(last, 'prev')).toBe(`${server.url}/blog/page/${LAST_PAGE - 1}`);
    expect(linkHref(last, 'next')).toBeUndefined();
    expect(pagerLinks(last).map((link) => link.text)).toEqual([
      '← Articles plus récents',
      'Page 1',
      `Page ${LAST_PAGE - 1}`,
      `Page ${LAST_PAGE}`,
    ]);
  });

  it('answers 404, not indexed, past the last page and for numbers that name no page', async () => {
    for (const pathname of [
      `/blog/page/${LAST_PAGE + 1}`,
      '/blog/page/999999',
      '/blog/page/1',
      '/blog/page/02',
      '/blog/page/deux',
    ]) {
      const { status, html } = await get(pathname);
      expect(status, pathname).toBe(404);
      expect(head(html)).toContain('<title>Page introuvable</title>');
      expect(head(html)).toMatch(/<meta name="robots" content="noindex" ?\/>/);
      expect(linkHref(html, 'canonical')).toBeUndefined();
      expect(html).toContain('Page introuvable</h1>');
      expect(cardSlugs(html)).toEqual([]);
    }
  });

  it('keeps the home page to the three latest posts', async () => {
    const { html } = await get('/');
    const slugs = [...html.matchAll(/<h3><a href="\/blog\/([^"]+)"/g)].map((m) => m[1]);
    expect(slugs).toEqual(['conseil-1', 'conseil-2', 'conseil-3']);
    expect(Buffer.byteLength(html)).toBeLessThan(50_000);
  });
});
