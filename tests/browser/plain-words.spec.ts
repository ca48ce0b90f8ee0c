import type { Page } from '@playwright/test';
import { ADMIN_ROUTES, type AdminRoute } from '../../src/admin/shell/admin-routes.ts';
import { LEGAL_PAGES } from '../../src/site/legal/legal-pages.ts';
import { REQUEST_FORM_PATH } from '../../src/site/request/request-route.ts';
import { useAdminSession } from './admin-session.ts';
import { expect } from './fixtures.ts';
import { test } from './site-blog-posts.ts';

/**
 * What the owner and the visitors read is plain French: no placeholder between braces, no page
 * anchor, no markup language named, no command to type. Every back-office route (as the
 * back-office declares them), the sign-in page of a site without mail, and the public pages.
 */

useAdminSession('plain-words');

test.describe.configure({ timeout: 300_000 });

const MARKUP: readonly { name: string; pattern: RegExp }[] = [
  { name: 'repère entre accolades', pattern: /\{\{/ },
  // "#services", not "n° 3" nor a colour code, which no one reads.
  { name: 'ancre', pattern: /(?:^|[\s(«'"/])#[\p{L}][\p{L}\d-]*/u },
  { name: 'Markdown', pattern: /markdown/i },
  { name: 'HTML', pattern: /\bHTML\b/i },
  { name: 'commande', pattern: /npm run/i },
];

/** The page's visible text, its title, and the names and hints its controls give. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll(
      '[aria-label], [placeholder], [title], [alt]',
    )) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** One line per markup found: what it is and where it stands. */
async function markupShown(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const text of await shownTexts(page)) {
    for (const { name, pattern } of MARKUP) {
      const match = pattern.exec(text);
      if (!match) continue;
      const around = text.slice(Math.max(0, match.index - 40), match.index + 40);
      found.push(`${name} : « ${around.replace(/\s+/g, ' ').trim()} »`);
    }
  }
  return found;
}

/** Single-line fields whose text does not fit their box on this screen. */
async function oneLineOverflows(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input')]
      .filter((input) => ['text', 'url', 'email', 'tel', 'search', ''].includes(input.type))
      .filter((input) => input.getBoundingClientRect().width > 1 && input.value.trim() !== '')
      .filter((input) => input.scrollWidth > input.clientWidth + 1)
      .map((input) => `${input.labels?.[0]?.innerText.trim() ?? input.name} : « ${input.value} »`),
  );
}

function pathOf(route: AdminRoute, requestId: string): string {
  const path = route.path === '*' ? 'page-introuvable' : route.path.replace(':id', requestId);
  return path ? `/admin/${path}` : '/admin';
}

/** The page is drawn with its data: its title, nothing loading, the network quiet. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.spinner')).toHaveCount(0);
}

test('no back-office page shows markup, and long texts wrap on a phone', async ({
  page,
  serviceDb,
}) => {
  const { data, error } = await serviceDb
    .from('requests')
    .insert({
      name: 'Marie Durand',
      phone: '06 12 34 56 78',
      vehicle_make: 'Renault',
      vehicle_model: 'Clio',
      vehicle_year: 2018,
      service: 'Vidange',
      preferred_dates: [{ date: '2026-12-01', moment: 'matin' }],
      consent: true,
      status: 'nouvelle',
    })
    .select('id')
    .single();
  if (error) throw error;
  const requestId = (data as { id: string }).id;
  try {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const route of ADMIN_ROUTES) {
      const path = pathOf(route, requestId);
      await test.step(path, async () => {
        await page.goto(path);
        await settled(page);
        expect.soft(await markupShown(page), path).toEqual([]);
        expect.soft(await oneLineOverflows(page), path).toEqual([]);
      });
    }
    await test.step('le formulaire d’un nouvel article', async () => {
      await page.goto('/admin/blog');
      await settled(page);
      await page.getByRole('button', { name: /nouvel article/i }).click();
      await expect(page.getByRole('heading', { name: 'Nouvel article' })).toBeVisible();
      expect(await markupShown(page)).toEqual([]);
    });
  } finally {
    await serviceDb.from('requests').delete().eq('id', requestId);
  }
});

test('the sections manager and the editors use the plain labels', async ({ page }) => {
  await page.goto('/admin');
  await settled(page);
  const services = page.getByRole('listitem').filter({ hasText: 'Lien dans le menu : services' });
  await expect(services).toHaveCount(1);
  // Its title here is the menu's; the heading on the page has its own editor.
  const add = page.locator('form.add-section');
  await add.getByLabel('Type').selectOption({ label: 'Texte' });
  await expect(add.getByLabel('Titre')).toHaveAccessibleDescription(
    'Affiché en haut de la section et dans le menu du site.',
  );
  await add.getByLabel('Type').selectOption({ label: 'Image' });
  await expect(
    add.getByLabel('Description de la photo (lue aux personnes aveugles)'),
  ).toBeVisible();

  await page.goto('/admin/services');
  await settled(page);
  await page.locator('details summary').first().click();
  await expect(
    page.getByRole('textbox', { name: 'Description de la photo (lue aux personnes aveugles)' }),
  ).toHaveJSProperty('tagName', 'TEXTAREA');
});

test('the sign-in page of a site without mail sends the owner to their technician', async ({
  browser,
  server,
}) => {
  // Not signed in: the file's administrator session would lead on to the back-office.
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: 'fr-FR',
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto('/admin-login');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('status')).toContainText('contactez la personne');
  expect(await markupShown(page)).toEqual([]);
  await context.close();
});

test('no public page shows markup', async ({ browser, server, posts }) => {
  const [post] = await posts.create([
    {
      title: 'Pneus hiver',
      content: '## Quand changer ?\n\nAvant **novembre**.',
      published_at: new Date(Date.now() - 86_400_000).toISOString(),
    },
  ]);
  // A visitor: not signed in.
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: 'fr-FR',
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  const paths = [
    '/',
    '/blog',
    `/blog/${post!.slug}`,
    ...LEGAL_PAGES.map((legal) => legal.path),
    REQUEST_FORM_PATH,
    '/page-qui-n-existe-pas',
  ];
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main')).toBeVisible();
      expect.soft(await markupShown(page), path).toEqual([]);
    });
  }
  await context.close();
});
