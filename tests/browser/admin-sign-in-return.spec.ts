import { expect, test } from './fixtures.ts';
import { readServerInfo } from './server-info.ts';

// Signing in brings the owner to the page they asked for, and never to another site
// (docs/decisions/028-expired-session.md). Without a session: no editor to prepare.

test.use({ storageState: { cookies: [], origins: [] } });

test('a signed-out visit goes through sign-in to the page asked for', async ({ browser }) => {
  const { admin, baseURL } = readServerInfo();
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto('/admin/blog');
  await expect(page).toHaveURL(/\/admin-login\?retour=%2Fadmin%2Fblog$/);
  // Not an expired session: no such message.
  await expect(page.getByText('Votre session a expiré')).toHaveCount(0);
  await page.getByLabel('Adresse e-mail').fill(admin.email);
  await page.getByLabel('Mot de passe').fill(admin.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion du Blog' })).toBeVisible();
  await context.close();
});

test('the page to come back to is never another site', async ({ page }) => {
  await page.goto('/admin-login?retour=https://exemple.invalid/admin');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  // Only the address the form leads to is checked (unit-tested in return-path.test.ts): here, that
  // the page is not left for the other site before sign-in.
  await expect(page).toHaveURL(/\/admin-login/);
});
