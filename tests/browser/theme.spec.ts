import type { Page } from '@playwright/test';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { ThemeContent } from '../../src/content/generated/types.ts';
import { contrastProblem } from '../../src/lib/theme/contrast-rules.ts';
import { expect, test } from './fixtures.ts';
import { startEachTestWith, useAdminSession, writeContent } from './admin-session.ts';
import { axeViolations } from './axe.ts';

// « Couleurs et police » (/admin/theme) and the public pages drawn with the theme: its colours are
// there at the first paint (read here with JavaScript off, so no script can have set them), every
// text stays readable, and a colour that would not be is refused with a shade to try.

const START: ThemeContent = DEFAULT_CONTENT.theme;
const session = useAdminSession('theme');
const themeRow = startEachTestWith(session.apiHeaders, {
  type: 'theme',
  start: START,
  path: '/admin/theme',
});

const suggestion = (message: string | undefined) =>
  /essayez (#[0-9a-f]{6})\.$/.exec(message ?? '')![1]!;

/** The accepted theme closest to unreadable: each colour the first shade the rule lets through. */
function edgeTheme(): ThemeContent {
  const primary = suggestion(contrastProblem({ primary: '#7fb3ff', accent: '#ffffff' })?.message);
  const accent = suggestion(contrastProblem({ primary, accent: '#c08a1a' })?.message);
  const theme = { primary, accent, fonts: 'lisible' } as const;
  expect(contrastProblem(theme)).toBeUndefined();
  return theme;
}

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

async function computed(page: Page, selector: string, property: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the editor refuses white text on a light blue, proposing a darker blue that it then saves', async ({
    page,
    request,
  }) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Couleurs et police');
    const primary = page.getByLabel('Couleur principale');
    await primary.fill('#7fb3ff');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const expected = contrastProblem({ primary: '#7fb3ff', accent: START.accent })!.message;
    expect(expected).toMatch(/^Le texte blanc sur #7fb3ff n'est pas assez lisible : essayez #/);
    await expect(page.getByText(expected).first()).toBeVisible();
    expect(await themeRow.stored(request)).toEqual(START);

    await primary.fill(suggestion(expected));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      page.getByRole('status').getByText('Les modifications ont été enregistrées avec succès.'),
    ).toBeVisible();
    expect((await themeRow.stored(request))?.primary).toBe(suggestion(expected));
  });
});

test('axe finds no violation on the panel, with the refusal shown', async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await session.newPage(browser);
  await page.goto('/admin/theme');
  await page.getByLabel('Couleur principale').fill('#7fb3ff');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/^Le texte blanc sur #7fb3ff/).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.context().close();
});

test('the public pages carry the theme from the first paint, and axe finds nothing on them', async ({
  browser,
  request,
  page,
}) => {
  test.setTimeout(90_000);
  const theme = edgeTheme();
  const json = await page.locator('#supabase-config').textContent();
  const headers = session.apiHeaders((JSON.parse(json!) as { anonKey: string }).anonKey);
  await writeContent(request, headers, 'theme', theme);

  // Without JavaScript: what the server's HTML and stylesheets alone draw.
  const still = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
  const plain = await still.newPage();
  await plain.goto('/');
  expect(await computed(plain, '.hero .button', 'background-color')).toBe(rgb(theme.accent));
  expect(await computed(plain, '.site-footer', 'background-color')).not.toBe(rgb('#0a1b2e'));
  expect(await computed(plain, 'h2', 'color')).toBe(rgb(theme.primary));
  expect(await computed(plain, 'h2', 'font-family')).toMatch(/^Verdana/);
  await plain.goto('/blog');
  expect(await computed(plain, '.blog-header', 'background-color')).toBe(rgb(theme.primary));
  await still.close();

  const context = await browser.newContext({ locale: 'fr-FR' });
  const visitor = await context.newPage();
  for (const path of ['/', '/blog']) {
    await visitor.goto(path);
    await expect(visitor.getByRole('main')).toBeVisible();
    expect(await axeViolations(visitor)).toEqual([]);
  }
  await context.close();
});
