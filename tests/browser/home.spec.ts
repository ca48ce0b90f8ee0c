import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEFAULT_CONTENT } from '../../src/content/defaults.ts';
import { sectionAnchor } from '../../src/site/home/section-anchors.ts';
import { visibleSections } from '../../src/site/home/visible-sections.ts';
import { telHref } from '../../src/site/sections/contact-section.tsx';
import { heroActions } from '../../src/site/sections/hero-actions.ts';
import { storedContent } from './site-home-helpers.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { adminChunkFile, entryFiles } from './manifest.ts';

/**
 * The built files of the chunks loaded on demand from the entry (the site, the backend client, the
 * blog pages), other than the back-office and its login page, with their imports.
 */
function lazyPublicFiles(): Set<string> {
  const manifest = JSON.parse(
    readFileSync(path.resolve('dist/.vite/manifest.json'), 'utf8'),
  ) as Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
    chunk.dynamicImports?.filter((k) => !k.startsWith('src/admin/')).forEach(visit);
  };
  Object.values(manifest)
    .filter((chunk) => chunk.isEntry)
    .flatMap((chunk) => chunk.dynamicImports ?? [])
    .filter((key) => !key.startsWith('src/admin/'))
    .forEach(visit);
  return files;
}

/** The default sections' anchors, in order (the spec's anchors are checked in home-sections.test). */
const ANCHORS = visibleSections(DEFAULT_CONTENT.sections).map(sectionAnchor);

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
  // The sections, and last the request form.
  await expect(menu).toHaveCount(ANCHORS.length + 1);
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
  // Besides the entry and its static imports, only the lazily loaded backend client comes down.
  expect(paths.filter((p) => !entryFiles().has(p) && !lazyPublicFiles().has(p))).toEqual([]);
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

/** Answers every request outside our server with a blank page, and lists them. */
async function recordThirdParties(page: Page, baseURL: string): Promise<string[]> {
  const requests: string[] = [];
  await page.route(
    (url) => !url.href.startsWith(baseURL),
    async (route) => {
      requests.push(route.request().url());
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Tiers</title>',
      });
    },
  );
  return requests;
}

test('the home page shows the default content of every section', async ({
  page,
  server,
  consoleErrors,
}) => {
  // The carousel would move on after 3 s; its motion is tested in site-home-layout.spec.ts.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await recordThirdParties(page, server.baseURL);
  await page.goto('/');

  const hero = page.locator('#hero');
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Votre garage indépendant');
  await expect(hero).toContainText('Entretien, réparation et diagnostic toutes marques');
  const actions = heroActions(DEFAULT_CONTENT.contact.phone);
  await expect(hero.getByRole('link', { name: actions.request.label })).toHaveAttribute(
    'href',
    actions.request.href,
  );
  await expect(hero.getByRole('link', { name: 'Appeler' })).toHaveAttribute(
    'href',
    telHref(DEFAULT_CONTENT.contact.phone),
  );

  const services = page.locator('#services');
  await expect(services.getByRole('heading', { level: 2 })).toHaveText('Nos services');
  await expect(services.getByRole('listitem')).toHaveText(DEFAULT_CONTENT.services.servicesList);
  const carousel = services.getByRole('region', { name: 'Nos réalisations en images' });
  await expect(carousel.getByRole('img')).toHaveCount(1);
  await expect(carousel.getByRole('img')).toHaveAttribute(
    'alt',
    DEFAULT_CONTENT.services.carouselImages[0]!.alt,
  );
  await carousel.getByRole('button', { name: /Afficher l'image 2/ }).click();
  await expect(carousel.getByRole('img')).toHaveAttribute(
    'alt',
    DEFAULT_CONTENT.services.carouselImages[1]!.alt,
  );
  await expect(carousel.getByRole('button', { name: /Afficher l'image 2/ })).toHaveAttribute(
    'aria-current',
    'true',
  );

  await expect(page.locator('#propos h2')).toHaveText('À propos');
  await expect(page.locator('#propos')).toContainText(
    DEFAULT_CONTENT.about.content.split('\n')[0] ?? '',
  );

  const hours = page.locator('#horaires');
  await expect(hours.locator('dt')).toHaveText([
    'Du lundi au vendredi',
    'Samedi',
    'Dimanche',
    'Jours fériés',
  ]);
  await expect(hours.locator('dd')).toHaveText([
    '9h00 - 13h00 et 14h00 - 18h00',
    'Fermé',
    'Fermé',
    'Fermé',
  ]);

  const pricing = page.locator('#honoraires');
  await expect(pricing.getByRole('heading', { level: 2 })).toHaveText('Nos tarifs horaires');
  await expect(pricing.locator('dt')).toHaveText(['T1', 'T2', 'T3']);
  await expect(pricing.locator('dd')).toHaveText(['55€/h', '65€/h', '75€/h']);

  await expect(page.locator('#payment-calculator h2')).toHaveText('Paiement en plusieurs fois');

  // The partner's example address frames nothing (tests/browser/site-home-examples.spec.ts).
  await expect(page.locator('#vehicles')).toContainText('Les annonces sont fournies');

  const financing = page.locator('#financement');
  await expect(financing.getByRole('heading', { level: 3 })).toHaveText([
    'Crédit classique',
    'LOA',
    'LLD',
  ]);

  const blog = page.locator('#blog');
  await expect(blog.getByRole('heading', { level: 2 })).toHaveText('Nos derniers articles');
  await expect(blog.getByRole('link', { name: 'Voir tous les articles' })).toHaveAttribute(
    'href',
    '/blog',
  );

  const contact = page.locator('#contact');
  await expect(contact).toContainText('1 rue de la République, 69001 Lyon');
  await expect(contact.getByRole('link', { name: '04 00 00 00 00' })).toHaveAttribute(
    'href',
    'tel:0400000000',
  );
  await expect(contact.getByRole('link', { name: 'contact@garage-exemple.fr' })).toHaveAttribute(
    'href',
    'mailto:contact@garage-exemple.fr',
  );

  await page.waitForLoadState('networkidle');
  expect(consoleErrors).toEqual([]);
});

test('below-the-fold images load lazily and every image has its size', async ({ page }) => {
  await page.goto('/');
  const images = page.locator('main img');
  expect(await images.count()).toBeGreaterThan(2);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('width', /\d+/);
    await expect(image).toHaveAttribute('height', /\d+/);
  }
  await expect(page.locator('.hero__image')).not.toHaveAttribute('loading', 'lazy');
  await expect(page.locator('#services img').first()).toHaveAttribute('loading', 'lazy');
});

const stored = storedContent();
test.afterEach(stored.restore);

test('the map is fetched only once the visitor asks for it', async ({
  page,
  server,
  adminDb,
  consoleErrors,
}) => {
  // The map stands around the coordinates given in the garage's identity.
  await stored.store(adminDb, 'identity', {
    ...DEFAULT_CONTENT.identity,
    latitude: 45.764,
    longitude: 4.8357,
  });
  const thirdParties = await recordThirdParties(page, server.baseURL);
  await page.goto('/');
  const contact = page.locator('#contact');
  await contact.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');

  await expect(contact.locator('iframe')).toHaveCount(0);
  expect(thirdParties.filter((url) => url.includes('openstreetmap'))).toEqual([]);

  await contact.getByRole('button', { name: 'Afficher la carte' }).click();
  const map = contact.locator('iframe');
  await expect(map).toHaveAttribute('title', "Plan d'accès au garage");
  await expect(map).toBeFocused();
  await expect
    .poll(() => thirdParties.filter((url) => url.includes('openstreetmap.org/export/embed')))
    .toHaveLength(1);
  await expect(contact.getByRole('button', { name: 'Afficher la carte' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('without coordinates, the address opens on OpenStreetMap and no map is embedded', async ({
  page,
}) => {
  await page.goto('/');
  const contact = page.locator('#contact');
  await expect(
    contact.getByRole('link', { name: /Voir l'adresse sur OpenStreetMap/ }),
  ).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/search?query=1%20rue%20de%20la%20R%C3%A9publique%2C%2069001%20Lyon',
  );
  await expect(contact.getByRole('button', { name: 'Afficher la carte' })).toHaveCount(0);
  await expect(contact.locator('iframe')).toHaveCount(0);
});

test('the page fits a 360-pixel phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.locator('#contact')).toBeAttached();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
