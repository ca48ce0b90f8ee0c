import { axeViolations, daysFromNow, expect, test } from './site-blog-posts.ts';

/**
 * The pages of the public blog list (/blog, /blog/page/2…): twelve posts each, links between them
 * that work by keyboard and without reloading, the head following, and a 404 past the last page.
 */

declare global {
  interface Window {
    __samePage?: boolean;
  }
}

test('twelve posts a page, and links between pages that the head follows', async ({
  page,
  posts,
  server,
}) => {
  // Published in the last minutes, after any other test's post: ours are the newest 25.
  const created = await posts.create(
    Array.from({ length: 25 }, (_, i) => ({
      title: `Page ${String(i + 1).padStart(2, '0')}`,
      published_at: daysFromNow(-(i + 1) / 1440),
    })),
  );
  const titles = (from: number, to: number) => created.slice(from, to).map((post) => post.title);
  const cards = page.locator('.post-grid > li h2');
  const pager = page.getByRole('navigation', { name: 'Pages du blog' });
  const headLink = (rel: string) =>
    page.evaluate(
      (r) => document.head.querySelector(`link[rel="${r}"]`)?.getAttribute('href') ?? null,
      rel,
    );

  await page.goto('/blog');
  await expect(cards).toHaveText(titles(0, 12));
  await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('link', { name: 'Articles plus récents' })).toHaveCount(0);
  expect(await headLink('next')).toBe(`${server.baseURL}/blog/page/2`);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => (window.__samePage = true));

  const reads: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/rest/v1/blog_posts') reads.push(url);
  });
  // By keyboard.
  await pager.getByRole('link', { name: 'Articles plus anciens' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/blog\/page\/2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog – page 2');
  await expect(cards).toHaveText(titles(12, 24));
  await expect(page).toHaveTitle('Blog, page 2 – conseils et actualités du garage');
  await expect.poll(() => headLink('canonical')).toBe(`${server.baseURL}/blog/page/2`);
  expect(await headLink('prev')).toBe(`${server.baseURL}/blog`);
  expect(await headLink('next')).toBe(`${server.baseURL}/blog/page/3`);
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => window.__samePage)).toBe(true);

  // The browser read this page alone: the columns of a card, twelve posts and one to tell that
  // an older page follows.
  expect(reads).toHaveLength(1);
  expect(reads[0]!.searchParams.get('select')).toBe('title,slug,excerpt,image_url,published_at');
  expect(reads[0]!.searchParams.get('offset')).toBe('12');
  expect(reads[0]!.searchParams.get('limit')).toBe('13');

  await pager.getByRole('link', { name: 'Articles plus anciens' }).click();
  await expect(page).toHaveURL(/\/blog\/page\/3$/);
  await expect(cards.first()).toHaveText(created[24]!.title);
  await expect.poll(() => headLink('prev')).toBe(`${server.baseURL}/blog/page/2`);

  await page.goBack();
  await expect(page).toHaveURL(/\/blog\/page\/2$/);
  await expect(cards).toHaveText(titles(12, 24));
  await pager.getByRole('link', { name: 'Articles plus récents' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(cards).toHaveText(titles(0, 12));
  await expect.poll(() => headLink('canonical')).toBe(`${server.baseURL}/blog`);
  expect(await headLink('prev')).toBeNull();
  expect(await page.evaluate(() => window.__samePage)).toBe(true);
});

test('a page past the last one answers 404 and leads back to the blog', async ({ page }) => {
  const response = await page.goto('/blog/page/9999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  await page.getByRole('link', { name: 'Retour au blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
});

test('axe finds no WCAG A/AA violation on a page with the pager', async ({
  browser,
  posts,
  server,
}) => {
  await posts.create(
    Array.from({ length: 14 }, (_, i) => ({ title: `Axe ${i}`, published_at: daysFromNow(-1) })),
  );
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'fr-FR' });
  const page = await context.newPage();
  try {
    await page.goto('/blog/page/2');
    await expect(page.getByRole('navigation', { name: 'Pages du blog' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
