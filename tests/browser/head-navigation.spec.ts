import type { Page } from '@playwright/test';
import { daysFromNow, expect, test } from './site-blog-posts.ts';

/**
 * The head of a public page (description, canonical link, Open Graph, JSON-LD:
 * docs/product.md#quality-targets) follows the visitor who moves between pages without reloading,
 * as it would on a reload.
 */
declare global {
  interface Window {
    __samePage?: boolean;
  }
}

interface HeadState {
  canonical: string[];
  ogType: string | null;
  ogUrl: string | null;
  description: string | null;
  jsonLdTypes: string[];
  headline: string | null;
  samePage: boolean;
}

function headState(page: Page): Promise<HeadState> {
  return page.evaluate(() => {
    const attr = (selector: string, name: string) =>
      document.head.querySelector(selector)?.getAttribute(name) ?? null;
    const blocks = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? '{}') as { '@type'?: string; headline?: string },
    );
    return {
      canonical: [...document.head.querySelectorAll('link[rel="canonical"]')].map(
        (link) => link.getAttribute('href') ?? '',
      ),
      ogType: attr('meta[property="og:type"]', 'content'),
      ogUrl: attr('meta[property="og:url"]', 'content'),
      description: attr('meta[name="description"]', 'content'),
      jsonLdTypes: blocks.map((block) => block['@type'] ?? ''),
      headline: blocks.find((block) => block.headline)?.headline ?? null,
      samePage: window.__samePage === true,
    };
  });
}

test('the head follows client-side navigation between the home page, the blog and an article', async ({
  page,
  posts,
  server,
}) => {
  const [post] = await posts.create([
    { title: 'En-tête suivi', content: 'Corps.', excerpt: 'Résumé', published_at: daysFromNow(-1) },
  ]);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => (window.__samePage = true));
  const home = await headState(page);
  expect(home.canonical).toEqual([`${server.baseURL}/`]);
  expect(home.jsonLdTypes).toEqual(['AutoRepair']);

  await page.getByRole('link', { name: 'Voir tous les articles' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect
    .poll(async () => (await headState(page)).canonical)
    .toEqual([`${server.baseURL}/blog`]);
  const blog = await headState(page);
  expect(blog.samePage).toBe(true);
  expect(blog.ogType).toBe('website');
  expect(blog.ogUrl).toBe(`${server.baseURL}/blog`);
  expect(blog.description).not.toBe(home.description);
  expect(blog.jsonLdTypes).toEqual([]);

  await page.getByRole('link', { name: post!.title }).click();
  const articleUrl = `${server.baseURL}/blog/${post!.slug}`;
  await expect.poll(async () => (await headState(page)).canonical).toEqual([articleUrl]);
  const article = await headState(page);
  expect(article.samePage).toBe(true);
  expect(article.ogType).toBe('article');
  expect(article.description).toBe('Résumé');
  expect(article.jsonLdTypes).toEqual(['BlogPosting']);
  expect(article.headline).toBe(post!.title);

  // The same article, loaded afresh, has the same head.
  await page.goto(`/blog/${post!.slug}`);
  const reloaded = await headState(page);
  expect({ ...reloaded, samePage: true }).toEqual(article);

  // From a page that was loaded, not navigated to, back to the blog and the home page.
  await page.getByRole('link', { name: 'Retour au blog' }).click();
  await expect
    .poll(async () => (await headState(page)).canonical)
    .toEqual([`${server.baseURL}/blog`]);
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect.poll(async () => (await headState(page)).jsonLdTypes).toEqual(['AutoRepair']);
  expect((await headState(page)).canonical).toEqual([`${server.baseURL}/`]);
});
