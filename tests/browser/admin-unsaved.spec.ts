import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { startEachTestWith, useAdminSession } from './admin-session.ts';
import { readServerInfo } from './server-info.ts';

// Unsaved changes are asked about and kept in the browser; an expired session sends the owner to
// sign in and back (docs/decisions/027-unsaved-changes.md, 028-expired-session.md).

const { apiHeaders } = useAdminSession('admin-unsaved');
const START = { title: 'À propos', content: 'Un garage de quartier.' };
const { stored } = startEachTestWith(apiHeaders, {
  type: 'about',
  start: START,
  path: '/admin/about',
});

const title = (page: Page) => page.getByRole('textbox', { name: 'Titre', exact: true });
const leaveDialog = (page: Page) =>
  page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });

async function typeTitle(page: Page, text: string) {
  // A click first: the browser only asks before unloading a page the user has interacted with.
  await title(page).click();
  await title(page).fill(text);
}

test('leaving an editor with unsaved changes asks first: stay, then leave', async ({ page }) => {
  await typeTitle(page, 'Qui sommes-nous');
  await page.getByRole('link', { name: 'Gestion des sections' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await expect(leaveDialog(page)).toContainText('Vos modifications n’ont pas été enregistrées.');

  await leaveDialog(page).getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/about$/);
  await expect(title(page)).toHaveValue('Qui sommes-nous');

  await page.getByRole('link', { name: 'Gestion des sections' }).click();
  await leaveDialog(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gérer les Sections' })).toBeVisible();

  // Left without saving: nothing stored, nothing offered back.
  await page.getByRole('link', { name: 'À Propos', exact: true }).click();
  await expect(title(page)).toHaveValue('À propos');
  await expect(page.getByText('Vous aviez des modifications non enregistrées')).toHaveCount(0);
});

test('a saved editor is left without a question', async ({ page, request }) => {
  await typeTitle(page, 'Qui sommes-nous');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Les modifications ont été enregistrées avec succès.')).toBeVisible();
  await page.getByRole('link', { name: 'Gestion des sections' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect((await stored(request))?.title).toBe('Qui sommes-nous');
});

test('reloading with unsaved changes asks the browser, and the text is offered back', async ({
  page,
}) => {
  await typeTitle(page, 'Texte tapé avant le rechargement');
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toEqual(['beforeunload']);

  await expect(
    page.getByText(/^Vous aviez des modifications non enregistrées \(.+\)\.$/),
  ).toBeVisible();
  await expect(title(page)).toHaveValue('À propos');
  await page.getByRole('button', { name: 'Reprendre mes modifications' }).click();
  await expect(title(page)).toHaveValue('Texte tapé avant le rechargement');
  // The offer is gone with its buttons: the focus is on the form's first field.
  await expect(title(page)).toBeFocused();
});

test('an expired session sends the owner to sign in, and back to the page with their text', async ({
  page,
  request,
}) => {
  await typeTitle(page, 'Texte tapé pendant la session');
  // The stored access token no longer passes the server's signature check.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.*-auth-token$/.test(name))!;
    const session = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
    const [header, payload] = session.access_token.split('.');
    session.access_token = `${header}.${payload}.signature-invalide`;
    localStorage.setItem(key, JSON.stringify(session));
  });
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(/\/admin-login\?retour=%2Fadmin%2Fabout&session=expiree$/);
  await expect(page.getByRole('alert')).toHaveText('Votre session a expiré, reconnectez-vous');
  expect((await stored(request))?.title).toBe('À propos');

  const { admin } = readServerInfo();
  await page.getByLabel('Adresse e-mail').fill(admin.email);
  await page.getByLabel('Mot de passe').fill(admin.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();

  await expect(page).toHaveURL(/\/admin\/about$/);
  await page.getByRole('button', { name: 'Reprendre mes modifications' }).click();
  await expect(title(page)).toHaveValue('Texte tapé pendant la session');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Les modifications ont été enregistrées avec succès.')).toBeVisible();
  expect((await stored(request))?.title).toBe('Texte tapé pendant la session');
});
