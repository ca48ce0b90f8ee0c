import { randomBytes } from 'node:crypto';
import type { ModalContent } from '../../src/content/generated/types.ts';
import { FORMS } from '../../src/content/generated/forms.ts';
import { expect, test } from './fixtures.ts';
import { startEachTestWith, useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';

const SAVED = 'Les modifications ont été enregistrées avec succès.';
const START: ModalContent = { active: false, title: '', message: '' };
/** The schema's sentences for a pop-up shown without its texts, the database's too. */
const SHOWN_NEEDS = FORMS.modal.schema.then.properties;
/** A description that holds `text` (the error's own icon comes before it). */
const holding = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const session = useAdminSession('admin-modal');
const { apiHeaders } = session;

const modalRow = startEachTestWith(apiHeaders, {
  type: 'modal',
  start: START,
  path: '/admin/modal',
});

test.beforeEach(async ({ page }) => {
  await expect(page.getByLabel('Afficher la pop-up')).not.toBeChecked();
});

test('edits the pop-up with a live preview, saves it, and the home page shows it', async ({
  page,
  request,
}) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pop-up');
  const preview = page.getByRole('region', { name: 'Aperçu en direct' });
  await expect(preview).toContainText('La pop-up est désactivée');

  const title = `Congés d'été ${randomBytes(3).toString('hex')}`;
  const message = 'Le garage sera fermé du 1er au 15 août.\nBonnes vacances !';
  await page.getByLabel('Afficher la pop-up').check();
  await page.getByRole('textbox', { name: 'Titre' }).fill(title);
  const field = page.getByRole('textbox', { name: 'Message' });
  await expect(field).toHaveJSProperty('tagName', 'TEXTAREA');
  await field.fill(message);
  // The preview is the public card, inline: nothing traps focus in the admin page.
  await expect(preview.locator('.popup-card')).toContainText(title);
  await expect(preview.locator('.popup-card')).toContainText('Bonnes vacances !');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await field.press('Tab');
  await expect(field).not.toBeFocused();

  await page.clock.install();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').getByText(SAVED)).toBeVisible();
  await page.clock.runFor(3000);
  await expect(page.getByText(SAVED)).toHaveCount(0);
  expect(await modalRow.stored(request)).toEqual({ active: true, title, message });

  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Le garage sera fermé du 1er au 15 août.');

  // Switched off: no pop-up on the site.
  await page.goto('/admin/modal');
  await page.getByLabel('Afficher la pop-up').uncheck();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').getByText(SAVED)).toBeVisible();
  expect((await modalRow.stored(request))?.active).toBe(false);
  await page.goto('/');
  await expect(page.locator('main > section').first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a refused save shows the French reason and keeps what was typed', async ({
  page,
  request,
}) => {
  await page.route('**/rest/v1/site_content*', async (route) => {
    const call = route.request();
    // A save is an update of the version it was based on (PATCH), or a first insert (POST).
    if (!['PATCH', 'POST'].includes(call.method())) return route.continue();
    const body = call.postDataJSON() as { content: Record<string, unknown> };
    delete body.content.title;
    return route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByRole('textbox', { name: 'Titre' }).fill('Congés');
  await page.getByRole('textbox', { name: 'Message' }).fill('Non enregistré');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('alert')).toContainText(
    "L'enregistrement a échoué : Contenu « modal » refusé : « Titre » est obligatoire.",
  );
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Non enregistré');
  await expect(page.getByText(SAVED)).toHaveCount(0);
  expect(await modalRow.stored(request)).toEqual(START);
});

test('an active pop-up needs its title and message; switched off, it may keep them blank', async ({
  page,
  request,
}) => {
  await page.getByLabel('Afficher la pop-up').check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  const title = page.getByRole('textbox', { name: 'Titre' });
  await expect(title).toBeFocused();
  await expect(title).toHaveAccessibleDescription(holding(SHOWN_NEEDS.title['x-message']));
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
    holding(SHOWN_NEEDS.message['x-message']),
  );
  await expect(page.getByText(SAVED)).toHaveCount(0);
  expect(await modalRow.stored(request)).toEqual(START);

  await page.getByLabel('Afficher la pop-up').uncheck();
  await title.fill('Brouillon');
  await title.fill('');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').getByText(SAVED)).toBeVisible();
  expect(await modalRow.stored(request)).toEqual(START);
});

test('axe finds no violation on the panel', async ({ browser }) => {
  const page = await session.newPage(browser);
  const check = async () => {
    expect(await axeViolations(page)).toEqual([]);
  };
  await page.goto('/admin/modal');
  await expect(page.getByLabel('Afficher la pop-up')).toBeVisible();
  await check();
  await page.getByLabel('Afficher la pop-up').check();
  await page.getByRole('textbox', { name: 'Titre' }).fill('Information');
  await page.getByRole('textbox', { name: 'Message' }).fill('Nouveaux horaires dès lundi.');
  await expect(page.locator('.popup-card')).toBeVisible();
  await check();
  await page.context().close();
});
