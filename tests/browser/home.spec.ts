import { expect, test } from './fixtures.ts';
import { adminChunkFile, entryFiles } from './manifest.ts';

const ANCHORS = [
  'hero',
  'services',
  'propos',
  'horaires',
  'honoraires',
  'payment-calculator',
  'vehicles',
  'financement',
  'blog',
  'contact',
];

test('the home page loads with no console error', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre garage indépendant');
  await page.waitForLoadState('networkidle');
  expect(consoleErrors).toEqual([]);
});

test('the home sections follow the default order under their spec anchors', async ({ page }) => {
  await page.goto('/');
  const ids = await page.locator('main > section').evaluateAll((nodes) => nodes.map((n) => n.id));
  expect(ids).toEqual(ANCHORS);
  const menu = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link');
  await expect(menu).toHaveCount(ANCHORS.length);
  await expect(menu.first()).toHaveAttribute('href', '#hero');
});

test('the default images exist', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('.hero__image')).toHaveJSProperty('complete', true);
  const names = ['atelier', 'pont', 'moteur', 'route'].map((n) => `hero-${n}`);
  names.push(...['entretien', 'freins', 'diagnostic', 'pneus'].map((n) => `service-${n}`));
  for (const name of names) {
    const response = await request.get(`/images/${name}.svg`);
    expect(response.status(), name).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
    expect((await response.body()).length, name).toBeLessThan(3072);
  }
});

test('visitors never download the back-office', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  const paths = scripts.map((url) => new URL(url).pathname);
  expect(paths.length).toBeGreaterThan(0);
  expect(paths).not.toContain(adminChunkFile());
  // Only the entry and its static imports load: no lazy chunk at all on public pages.
  expect(paths.filter((p) => !entryFiles().has(p))).toEqual([]);
});

test('the blog routes exist', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(page.getByText("Aucun article n'est disponible pour le moment.")).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);

  await page.goto('/blog/vidange-reguliere');
  await expect(page.getByRole('link', { name: 'Retour au blog' })).toHaveAttribute('href', '/blog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});
