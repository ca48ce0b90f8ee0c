import type { Page } from '@playwright/test';
import { formatLongDate } from '../../src/lib/dates.ts';
import { rewriteShell, withoutBackend } from './html-rewrite.ts';
import { axeViolations, daysFromNow, expect, test } from './site-blog-posts.ts';

const CONTENT = [
  '## Entretien du freinage',
  'Une **vidange** régulière protège le moteur.',
  'Lisez [le guide officiel](https://www.example.org/guide) avant de partir.',
  '<script>window.__xss = 1</script>',
].join('\n');

/** Counts the visitor's calls to increment_views on `page`. */
function countViewCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/increment_views')) calls += 1;
  });
  return () => calls;
}

test('an article renders its markdown and counts one view per load', async ({ page, posts }) => {
  const publishedAt = daysFromNow(-3);
  const [post] = await posts.create([
    {
      title: 'Préparer sa voiture pour l’hiver',
      content: CONTENT,
      image_url: '/images/service-entretien.svg',
      published_at: publishedAt,
    },
  ]);
  expect(await posts.views(post!.slug)).toBe(0);
  const viewCalls = countViewCalls(page);

  await page.goto(`/blog/${post!.slug}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(post!.title);
  await expect(
    main.getByRole('heading', { level: 2, name: 'Entretien du freinage' }),
  ).toBeVisible();
  await expect(main.locator('strong')).toHaveText('vidange');
  await expect(main.getByRole('link', { name: 'le guide officiel' })).toHaveAttribute(
    'href',
    'https://www.example.org/guide',
  );
  // Each single newline became a paragraph break.
  await expect(main.locator('.markdown p')).toHaveText([
    'Une vidange régulière protège le moteur.',
    'Lisez le guide officiel avant de partir.',
  ]);
  // Raw HTML is shown as text and never runs.
  await expect(main.locator('.markdown')).toContainText('<script>window.__xss = 1</script>');
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

  await expect(main.locator('time')).toHaveText(formatLongDate(publishedAt));
  // The count with this visit, as the database answered it, in the singular.
  await expect(main.locator('.article__views')).toHaveText('1 vue');
  await expect(main.locator('.article__cover img')).toHaveAttribute(
    'src',
    '/images/service-entretien.svg',
  );
  await expect(main.getByRole('link', { name: 'Retour au blog' })).toHaveAttribute('href', '/blog');

  await page.waitForLoadState('networkidle');
  expect(viewCalls()).toBe(1);
  await expect.poll(() => posts.views(post!.slug)).toBe(1);

  await page.reload();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(post!.title);
  // The reloaded page may come from the page cache, rendered before the first visit counted: the
  // count shown is still the live one, once the view is counted.
  await expect(main.locator('.article__views')).toHaveText('2 vues');
  await page.waitForLoadState('networkidle');
  expect(viewCalls()).toBe(2);
  await expect.poll(() => posts.views(post!.slug)).toBe(2);
});

test('an empty view count reads 0 vue, in the singular', async ({ page, posts, adminDb }) => {
  const [post] = await posts.create([{ title: 'Jamais lu', published_at: daysFromNow(-1) }]);
  const cleared = await adminDb.from('blog_posts').update({ views: null }).eq('id', post!.id);
  expect(cleared.error).toBeNull();
  // The count shown is the one read with the article while this visit is not counted.
  await page.route('**/rest/v1/rpc/increment_views', (route) => route.abort());
  await page.goto(`/blog/${post!.slug}`);
  await expect(page.getByRole('main').locator('.article__views')).toHaveText('0 vue');
});

test('a broken cover image gives way to the default one', async ({ page, posts }) => {
  const [post] = await posts.create([
    { title: 'Image cassée', image_url: '/images/introuvable.jpg', published_at: daysFromNow(-1) },
  ]);
  await page.goto(`/blog/${post!.slug}`);
  const cover = page.locator('.article__cover img');
  await expect(cover).toHaveAttribute('src', '/images/hero-atelier.svg');
  await expect(cover).toHaveJSProperty('complete', true);
  expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});

test('an unknown slug shows the error in red with the way back', async ({ page }) => {
  await page.goto('/blog/cet-article-n-existe-pas');
  const message = page.getByText('Article non trouvé ou inaccessible');
  await expect(message).toBeVisible();
  await expect(message).toHaveCSS('color', 'rgb(180, 35, 24)');
  await page.getByRole('main').getByRole('link', { name: 'Retour au blog' }).click();
  await expect(page).toHaveURL('/blog');
});

test('a draft or a future post cannot be read by its slug', async ({ page, posts }) => {
  const [draft, future] = await posts.create([
    { title: 'Brouillon secret', content: 'Pas encore.', published_at: null },
    { title: 'Pas encore paru', content: 'Bientôt.', published_at: daysFromNow(3) },
  ]);
  for (const post of [draft!, future!]) {
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByText('Article non trouvé ou inaccessible')).toBeVisible();
    await expect(page.getByText(post.title)).toHaveCount(0);
  }
  expect(await posts.views(draft!.slug)).toBe(0);
});

test('without a backend the article names the missing configuration', async ({ page }) => {
  await rewriteShell(page, withoutBackend);
  await page.goto('/blog/un-article');
  await expect(page.getByText('Configuration manquante', { exact: true })).toBeVisible();
});

test('a failed view count is only a warning', async ({ page, posts, consoleErrors }) => {
  const [post] = await posts.create([{ title: 'Vue refusée', published_at: daysFromNow(-1) }]);
  await page.route('**/rest/v1/rpc/increment_views', (route) =>
    route.fulfill({
      status: 503,
      json: { code: 'XX000', message: 'panne', details: null, hint: null },
    }),
  );
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`/blog/${post!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post!.title);
  await expect.poll(() => warnings.length).toBe(1);
  // The browser reports the refused request itself; the page adds no error of its own.
  expect(consoleErrors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
  await expect(page.locator('.article__views')).toHaveText('0 vue');
});

test('an article loads with no console error', async ({ page, posts, consoleErrors }) => {
  const [post] = await posts.create([
    {
      title: 'Console propre',
      content: CONTENT,
      image_url: '/images/service-freins.svg',
      published_at: daysFromNow(-1),
    },
  ]);
  await page.goto(`/blog/${post!.slug}`);
  await expect(page.locator('.markdown strong')).toHaveText('vidange');
  await page.waitForLoadState('networkidle');
  expect(consoleErrors).toEqual([]);
});

test('axe finds no WCAG A/AA violation on an article', async ({ browser, posts, server }) => {
  const [post] = await posts.create([
    {
      title: 'Article accessible',
      content: `${CONTENT}\n- premier point\n- second point\n> Une citation.`,
      image_url: '/images/service-diagnostic.svg',
      published_at: daysFromNow(-1),
    },
  ]);
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'fr-FR' });
  const page = await context.newPage();
  try {
    await page.goto(`/blog/${post!.slug}`);
    await expect(page.locator('.markdown strong')).toHaveText('vidange');
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
