import { daysFromNow, expect, test } from './site-blog-posts.ts';

/**
 * Moving between the public pages without reloading (src/app/public-router.tsx): links render the
 * next page in place and show its top, Back and Forward restore the pages, and the address bar
 * follows.
 */
declare global {
  interface Window {
    __samePage?: boolean;
  }
}

test('links, Back and Forward move between the home page, the blog and an article in one page load', async ({
  page,
  posts,
}) => {
  const [post] = await posts.create([
    { title: 'Navigation sans rechargement', content: 'Le corps.', published_at: daysFromNow(-1) },
  ]);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => (window.__samePage = true));

  const toBlog = page.getByRole('link', { name: 'Voir tous les articles' });
  await toBlog.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await toBlog.click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByRole('link', { name: post!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${post!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post!.title);
  await expect(page.locator('.article__content')).toContainText('Le corps.');

  await page.goBack();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#hero-title')).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();

  expect(await page.evaluate(() => window.__samePage)).toBe(true);
});

test('an unknown address shows the not-found page, and its link leads home', async ({ page }) => {
  const response = await page.goto('/page-qui-n-existe-pas');
  // Search engines and link checkers read the status: the address names no page.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#hero-title')).toBeVisible();
});
