import { formatLongDate } from '../../src/lib/dates.ts';
import { rewriteShell, withoutBackend, withoutHydrationData } from './html-rewrite.ts';
import { axeViolations, daysFromNow, expect, test } from './site-blog-posts.ts';

test('/blog lists published posts only, newest first, as cards', async ({ page, posts }) => {
  const [older, newer] = await posts.create([
    {
      title: 'Publié avant-hier',
      excerpt: 'Le résumé du plus ancien.',
      image_url: '/images/service-freins.svg',
      published_at: daysFromNow(-2),
    },
    { title: 'Publié il y a une heure', published_at: daysFromNow(-1 / 24) },
    { title: 'Brouillon', published_at: null },
    { title: 'Programmé', published_at: null, scheduled_at: daysFromNow(2) },
    { title: 'Daté du futur', published_at: daysFromNow(2) },
  ]);

  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  const ours = page.getByRole('listitem').filter({ hasText: posts.tag });
  await expect(ours.getByRole('heading')).toHaveText([newer!.title, older!.title]);

  const card = ours.nth(1);
  await expect(card.getByRole('link', { name: older!.title })).toHaveAttribute(
    'href',
    `/blog/${older!.slug}`,
  );
  await expect(card.locator('time')).toHaveText(formatLongDate(daysFromNow(-2)));
  await expect(card).toContainText('Le résumé du plus ancien.');
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', '/images/service-freins.svg');
  await expect(image).toHaveAttribute('width', /\d+/);
  await expect(image).toHaveAttribute('height', /\d+/);

  await expect(
    page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" }),
  ).toHaveAttribute('href', '/');
  await card.click();
  await expect(page).toHaveURL(`/blog/${older!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(older!.title);
});

test('the grid has 1, 2 then 3 columns from phone to desktop', async ({ page, posts }) => {
  await posts.create(
    [1, 2, 3, 4].map((n) => ({ title: `Carte ${n}`, published_at: daysFromNow(-n / 24) })),
  );
  const columns = async (width: number) => {
    await page.setViewportSize({ width, height: 900 });
    const tops = await page
      .getByRole('listitem')
      .filter({ hasText: posts.tag })
      .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
    // Cards of the first row share its top edge.
    return tops.filter((top) => top === tops[0]).length;
  };

  await page.goto('/blog');
  await expect(page.getByRole('listitem').filter({ hasText: posts.tag })).toHaveCount(4);
  expect(await columns(360)).toBe(1);
  expect(await columns(800)).toBe(2);
  expect(await columns(1280)).toBe(3);
});

test('only the first row of images loads at once', async ({ page, posts }) => {
  await posts.create(
    [1, 2, 3, 4, 5].map((n) => ({ title: `Image ${n}`, published_at: daysFromNow(-n / 1440) })),
  );
  // Published in the last minutes, after any other test's post: ours are the first five.
  await page.goto('/blog');
  const images = page.locator('.post-grid img');
  await expect(images.nth(4)).toBeAttached();
  expect(
    await images.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('loading')).slice(0, 5)),
  ).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy']);
});

test('a failed load shows the error and the empty text', async ({ page, consoleErrors }) => {
  await rewriteShell(page, withoutHydrationData);
  await page.route('**/rest/v1/blog_posts*', (route) =>
    route.fulfill({
      status: 500,
      json: { code: 'XX000', message: 'panne', details: null, hint: null },
    }),
  );
  await page.goto('/blog');
  await expect(page.getByText('Erreur lors du chargement des articles')).toBeVisible();
  await expect(page.getByText("Aucun article n'est disponible pour le moment.")).toBeVisible();
  await expect(page.locator('.post-grid')).toHaveCount(0);
  expect(
    consoleErrors.some((text) => text.includes('Erreur lors du chargement des articles')),
  ).toBe(true);
});

test('without a backend the list names the missing configuration', async ({ page }) => {
  await rewriteShell(page, withoutBackend);
  await page.goto('/blog');
  await expect(page.getByText('Configuration Supabase manquante')).toBeVisible();
});

test('/blog loads with no console error', async ({ page, posts, consoleErrors }) => {
  await posts.create([
    { title: 'Sans erreur', image_url: '/images/service-pneus.svg', published_at: daysFromNow(-1) },
  ]);
  await page.goto('/blog');
  await expect(page.getByRole('listitem').filter({ hasText: posts.tag })).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(consoleErrors).toEqual([]);
});

test('axe finds no WCAG A/AA violation on /blog', async ({ browser, posts, server }) => {
  await posts.create([
    { title: 'Accessible', excerpt: 'Un résumé.', published_at: daysFromNow(-1) },
    {
      title: 'Accessible aussi',
      image_url: '/images/service-entretien.svg',
      published_at: daysFromNow(-2),
    },
  ]);
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'fr-FR' });
  const page = await context.newPage();
  try {
    await page.goto('/blog');
    await expect(page.getByRole('listitem').filter({ hasText: posts.tag })).toHaveCount(2);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
