import path from 'node:path';
import { openSetupLink, setupLinkUrl } from '../../server/auth/setup.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// The first administrator as the owner creates it on a phone: the link the server printed at start,
// the form, mistakes said in French without losing what was typed, then « Mon compte » offering
// two-factor sign-in (docs/decisions/066-first-administrator-from-a-setup-link.md). A server of its
// own, over an empty database: the shared one already has an administrator.

test.describe.configure({ mode: 'serial' });

let site: TestServer;
const EMAIL = 'patron@garage-exemple.fr';
const PASSWORD = 'vidange tulipe carburateur 1987';

test.beforeAll(async () => {
  // A fresh embedded database is migrated first: longer than a test's usual 30 seconds.
  test.setTimeout(180_000);
  site = await startTestServer({ distDir: path.resolve('dist') });
});
test.afterAll(async () => {
  await site?.close();
});

test('creates the account from the link at 390 px and is offered two-factor sign-in', async ({
  browser,
}) => {
  const link = setupLinkUrl(site.url, (await openSetupLink(site.db))!);
  const context = await browser.newContext({
    baseURL: site.url,
    locale: 'fr-FR',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Créer le compte administrateur',
  );
  const email = page.getByLabel('Adresse e-mail');
  await expect(email).toBeFocused();
  // The token left the address bar as soon as the page read it.
  await expect(page).toHaveURL(/\/installation$/);
  expect(await axeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);

  // With the keyboard alone; a weak password is refused and nothing typed is lost.
  await page.keyboard.type(EMAIL);
  await page.keyboard.press('Tab');
  await page.keyboard.type('motdepasse123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('motdepasse123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('trop facile à deviner');
  await expect(page.getByLabel('Mot de passe', { exact: true })).toBeFocused();
  await expect(email).toHaveValue(EMAIL);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmez le mot de passe').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Les deux mots de passe ne sont pas identiques.',
  );
  await page.getByLabel('Confirmez le mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer le compte' }).click();

  // Signed in, on « Mon compte », where two-factor sign-in is offered first.
  await expect(page).toHaveURL(/\/admin\/compte\?bienvenue=1$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Votre compte administrateur est créé' }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Activer la double authentification' }),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Activer la double authentification' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code de la double authentification' }),
  ).toBeVisible();

  // The link served once: opened again, it says so and leads to the sign-in page.
  const again = await browser.newContext({ baseURL: site.url, locale: 'fr-FR' });
  const second = await again.newPage();
  await second.goto(link);
  await expect(second.getByRole('alert')).toContainText('Ce lien a déjà servi');
  await expect(second.getByRole('link', { name: 'Aller à la page de connexion' })).toHaveAttribute(
    'href',
    '/admin-login',
  );
  expect(await axeViolations(second)).toEqual([]);
  await again.close();
  await context.close();
});

test('an administrator already there: the link says to sign in', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: site.url, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/installation?jeton=un-lien-d-avant');
  await expect(page.getByRole('alert')).toHaveText(
    'Le site a déjà un compte administrateur : connectez-vous. Aller à la page de connexion',
  );
  await context.close();
});
