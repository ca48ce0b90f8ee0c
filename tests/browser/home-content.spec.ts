import type { Page } from '@playwright/test';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { Section } from '../../src/content/generated/types.ts';
import { formatLongDate } from '../../src/lib/dates.ts';
import { sectionAnchor } from '../../src/site/home/section-anchors.ts';
import { REQUEST_MENU_LABEL } from '../../src/site/request/request-route.ts';
import { visibleSections } from '../../src/site/home/visible-sections.ts';
import { expect, test } from './fixtures.ts';
import { rewriteShell, withoutHydrationData } from './html-rewrite.ts';
import { storedContent } from './site-home-helpers.ts';

// The home page reads what the owner stores: these tests change site_content and blog_posts as
// the administrator, then put everything back (other spec files share the server).

const content = storedContent();
test.afterEach(content.restore);
const storeContent = content.store;

function sectionsWith(change: (sections: Section[]) => void): Section[] {
  const sections = structuredClone(DEFAULT_CONTENT.sections);
  change(sections);
  return sections;
}

function byId(sections: Section[], id: string): Section {
  const section = sections.find((s) => s.id === id);
  if (!section) throw new Error(`No section ${id}`);
  return section;
}

const anchors = (page: Page) =>
  page.locator('main > section').evaluateAll((nodes) => nodes.map((n) => n.id));

test('a stored change shows on the page after a reload', async ({
  page,
  adminDb,
  consoleErrors,
}) => {
  await page.goto('/');
  await expect(page.locator('#horaires dd').nth(1)).toHaveText('Fermé');

  await storeContent(adminDb, 'hero', { ...DEFAULT_CONTENT.hero, heading: 'Garage du Pont' });
  await storeContent(adminDb, 'hours', {
    ...DEFAULT_CONTENT.hours,
    week: { ...DEFAULT_CONTENT.hours.week, samedi: [{ opens: '09:00', closes: '12:00' }] },
  });
  await storeContent(adminDb, 'pricing', { ...DEFAULT_CONTENT.pricing, t1: '58€/h' });
  await storeContent(adminDb, 'identity', {
    ...DEFAULT_CONTENT.identity,
    phone: '+33 4 11 22 33 44',
  });
  await storeContent(adminDb, 'about', {
    title: 'Notre histoire',
    content: 'Première ligne\nDeuxième ligne <b>pas du HTML</b>',
  });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Garage du Pont');
  await expect(page.locator('#horaires dd').nth(1)).toHaveText('9h00 - 12h00');
  await expect(page.locator('#honoraires dd').first()).toHaveText('58€/h');
  await expect(
    page.locator('#contact').getByRole('link', { name: '+33 4 11 22 33 44' }),
  ).toHaveAttribute('href', 'tel:+33411223344');
  await expect(page.locator('#propos h2')).toHaveText('Notre histoire');
  const about = page.locator('#propos p');
  await expect(about).toHaveText('Première ligne\nDeuxième ligne <b>pas du HTML</b>');
  await expect(page.locator('#propos b')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('hiding and reordering sections changes the page and its menu', async ({ page, adminDb }) => {
  await storeContent(
    adminDb,
    'sections',
    sectionsWith((sections) => {
      byId(sections, 'about').visible = false;
      byId(sections, 'contact').order = 0.5;
    }),
  );
  await page.goto('/');
  // The defaults without about, contact moved second.
  const shown = visibleSections(DEFAULT_CONTENT.sections).filter(
    (s) => s.id !== 'about' && s.id !== 'contact',
  );
  shown.splice(1, 0, byId(structuredClone(DEFAULT_CONTENT.sections), 'contact'));
  await expect.poll(() => anchors(page)).toEqual(shown.map(sectionAnchor));
  const menu = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link');
  // The sections, then the request form.
  await expect(menu).toHaveText([...shown.map((s) => s.title), REQUEST_MENU_LABEL]);
  await expect(menu.nth(1)).toHaveAttribute('href', '#contact');
});

test('without the hero the page keeps one h1', async ({ page, adminDb }) => {
  await storeContent(
    adminDb,
    'sections',
    sectionsWith((sections) => {
      byId(sections, 'hero').visible = false;
    }),
  );
  await page.goto('/');
  await expect.poll(() => anchors(page)).not.toContain('hero');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Garage indépendant');
});

test('a section added by the owner shows its title, its sanitized HTML and its image', async ({
  page,
  adminDb,
  consoleErrors,
}) => {
  await storeContent(
    adminDb,
    'sections',
    sectionsWith((sections) => {
      sections.push({
        id: 'promotions',
        title: 'Nos promotions',
        order: 2.5,
        visible: true,
        type: 'image',
        content: '<script>alert(1)</script>-20 % sur les freins',
        imageUrl: '/images/hero-route.svg',
        imageAlt: 'Une route de campagne au soleil',
      });
    }),
  );
  await page.goto('/');
  const section = page.locator('#promotions');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('Nos promotions');
  await expect(section).toContainText('-20 % sur les freins');
  await expect(section).not.toContainText('alert(1)');
  await expect(section.locator('script')).toHaveCount(0);
  await expect(
    section.getByRole('img', { name: 'Une route de campagne au soleil' }),
  ).toHaveAttribute('src', '/images/hero-route.svg');
  const ids = await anchors(page);
  expect(ids.indexOf('promotions')).toBe(ids.indexOf('propos') + 1);
  await expect(
    page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', {
      name: 'Nos promotions',
    }),
  ).toHaveAttribute('href', '#promotions');
  expect(consoleErrors).toEqual([]);
});

test('an invalid row falls back to its defaults without breaking the page', async ({
  page,
  adminDb,
  consoleErrors,
}) => {
  await storeContent(adminDb, 'pricing', { ...DEFAULT_CONTENT.pricing, t1: '58€/h' });
  // The database refuses invalid rows, so an old or hand-edited one is stood in for on the wire
  // (the browser then reads the content itself).
  await rewriteShell(page, withoutHydrationData);
  await page.route('**/rest/v1/site_content*', async (route) => {
    const response = await route.fetch();
    const rows = (await response.json()) as { type: string; content: unknown }[];
    const corrupt = rows
      .filter((row) => row.type !== 'hero' && row.type !== 'hours')
      .concat({ type: 'hero', content: { heading: '' } }, { type: 'hours', content: 42 });
    await route.fulfill({ response, json: corrupt });
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  await page.goto('/');
  // The valid row is read, the invalid ones give way to their defaults.
  await expect(page.locator('#honoraires dd').first()).toHaveText('58€/h');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre garage indépendant');
  await expect(page.locator('#horaires dd').first()).toHaveText('9h00 - 13h00 et 14h00 - 18h00');
  await expect(page.locator('main > section')).toHaveCount(10);
  // Console messages reach the test a moment after the page shows them.
  await expect.poll(() => warnings.some((w) => w.includes('« hero » invalide'))).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('the blog section lists the 3 latest published posts', async ({ page, adminDb }) => {
  const suffix = Date.now().toString(36);
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  const posts = [
    { title: 'Vidange', published_at: hoursAgo(2) },
    { title: 'Pneus hiver', published_at: hoursAgo(1) },
    { title: 'Freins', published_at: hoursAgo(3) },
    { title: 'Plus ancien', published_at: hoursAgo(4) },
    { title: 'Brouillon', published_at: null },
    { title: 'À venir', published_at: hoursAgo(-48) },
  ].map((post, index) => ({
    ...post,
    slug: `home-${suffix}-${index}`,
    excerpt: `Résumé de ${post.title}`,
    content: 'Texte',
  }));
  const inserted = await adminDb.from('blog_posts').insert(posts).select('id');
  if (inserted.error) throw inserted.error;
  content.later(async () => {
    const ids = inserted.data.map((row: { id: string }) => row.id);
    const deleted = await adminDb.from('blog_posts').delete().in('id', ids);
    if (deleted.error) throw deleted.error;
  });

  await page.goto('/');
  const cards = page.locator('#blog .card');
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText([
    'Pneus hiver',
    'Vidange',
    'Freins',
  ]);
  await expect(cards.first().getByRole('link')).toHaveAttribute('href', `/blog/home-${suffix}-1`);
  await expect(cards.first().locator('time')).toHaveText(formatLongDate(posts[1]!.published_at!));
  await expect(cards.first()).toContainText('Résumé de Pneus hiver');
  await expect(page.getByText("Aucun article n'est disponible pour le moment.")).toHaveCount(0);

  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/blog/home-${suffix}-1$`));
});

test('the blog section says there is no post when the load fails', async ({ page }) => {
  await page.route('**/rest/v1/blog_posts*', (route) => route.abort('failed'));
  await page.goto('/');
  await expect(
    page.locator('#blog').getByText("Aucun article n'est disponible pour le moment."),
  ).toBeVisible();
  await expect(page.locator('#blog .card')).toHaveCount(0);
});

test('a hero image that fails to load gives way to the default image', async ({
  page,
  adminDb,
}) => {
  await storeContent(adminDb, 'hero', {
    ...DEFAULT_CONTENT.hero,
    backgroundImage: '/images/introuvable.png',
  });
  await page.goto('/');
  const image = page.locator('.hero__image');
  await expect(image).toHaveAttribute('src', DEFAULT_CONTENT.hero.backgroundImage);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});
