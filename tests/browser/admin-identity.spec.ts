import { randomBytes } from 'node:crypto';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { IdentityContent } from '../../src/content/generated/types.ts';
import { LEGAL_PAGES } from '../../src/site/legal/legal-pages.ts';
import { expect, test } from './fixtures.ts';
import { startEachTestWith, useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';

// « Identité du garage » (/admin/identity): the garage's name, typed once, is what the home page's
// header, its footer and the legal pages say.

const SAVED = 'Les modifications ont été enregistrées avec succès.';
const START: IdentityContent = DEFAULT_CONTENT.identity;

const session = useAdminSession('admin-identity');

const identityRow = startEachTestWith(session.apiHeaders, {
  type: 'identity',
  start: START,
  path: '/admin/identity',
});

test('the owner renames the garage and sees the new name on the home page and in the legal notice', async ({
  page,
  request,
}) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Identité du garage');
  const field = page.getByRole('textbox', { name: 'Nom du garage', exact: true });
  await expect(field).toHaveValue(START.name);

  const name = `Garage Martin ${randomBytes(3).toString('hex')}`;
  await field.fill(name);
  await expect(page.getByRole('region', { name: 'Aperçu en direct' })).toContainText(name);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').getByText(SAVED)).toBeVisible();
  expect((await identityRow.stored(request))?.name).toBe(name);

  await page.goto('/');
  await expect(page).toHaveTitle(`${name} – ${START.tagline}`);
  await expect(page.getByRole('banner').getByRole('link', { name, exact: true })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(
    `© ${new Date().getFullYear()} ${name}. Tous droits réservés.`,
  );

  // From the footer to the legal notice, without reloading, then as the server renders it.
  const mentions = LEGAL_PAGES.find((p) => p.field === 'mentions')!;
  await footer.getByRole('link', { name: mentions.title }).click();
  await expect(page).toHaveURL(mentions.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(mentions.title);
  await expect(page.getByRole('main')).toContainText(`Nom : ${name}`);
  await expect(page).toHaveTitle(`${mentions.title} – ${name}`);
  await page.reload();
  await expect(page.getByRole('main')).toContainText(`Nom : ${name}`);
  await expect(page.getByRole('banner').getByRole('link', { name, exact: true })).toBeVisible();
});

test('axe finds no violation on the two panels and the legal pages', async ({ browser }) => {
  // Four full audits (two panels, two legal pages): a loaded machine needs more than the default.
  test.setTimeout(90_000);
  const page = await session.newPage(browser);
  await page.goto('/admin/identity');
  await expect(page.getByRole('textbox', { name: 'Nom du garage', exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // The legal pages' panel, its preview filled from the identity.
  await page.goto('/admin/legal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pages légales');
  await expect(page.getByRole('region', { name: 'Aperçu en direct' })).toContainText(
    `Nom : ${START.name}`,
  );
  expect(await axeViolations(page)).toEqual([]);
  for (const legal of LEGAL_PAGES) {
    await page.goto(legal.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.context().close();
});
