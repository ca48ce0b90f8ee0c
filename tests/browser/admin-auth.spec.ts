import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { expect, signIn, test } from './fixtures.ts';
import { rewriteShell } from './html-rewrite.ts';
import { adminChunkFile, chunkFile } from './manifest.ts';

test('the login form starts empty', async ({ page }) => {
  await page.goto('/admin-login');
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue('');
  await expect(page.getByLabel('Mot de passe')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour au site' })).toHaveAttribute('href', '/');
});

test('the login page loads the form and the auth client only: no React, no back-office', async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/admin-login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts).toContain(chunkFile('src/admin/login/index.ts'));
  expect(scripts).not.toContain(adminChunkFile());
  expect(scripts).not.toContain(chunkFile('src/app/browser.tsx'));
  let gzipped = 0;
  for (const script of scripts) {
    gzipped += gzipSync(await (await request.get(script)).body(), { level: 6 }).length;
  }
  expect(gzipped).toBeLessThan(60_000);
});

test('an administrator signs in and reaches the admin area', async ({ page, server }) => {
  await signIn(page, server.admin.email, server.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: 'Gestion des sections' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Gérer les Sections' })).toBeVisible();

  // The session survives a reload, with no flash back to the login page.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);

  // Already signed in: the login page sends the owner on to the admin area.
  await page.goto('/admin-login');
  await expect(page).toHaveURL(/\/admin$/);
});

test('a wrong password is refused with the French message', async ({ page, server }) => {
  await signIn(page, server.admin.email, `${server.admin.password}x`);
  await expect(page.getByRole('alert')).toHaveText('Identifiants incorrects. Veuillez réessayer.');
  await expect(page).toHaveURL(/\/admin-login$/);
});

test('too many attempts are refused in French, with how long to wait', async ({ page }) => {
  // An address of its own: the administrator's attempts from this machine are not touched.
  const email = `inconnu-${randomBytes(4).toString('hex')}@garage.test`;
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signIn(page, email, `essai-${attempt}`);
    await expect(page.getByRole('alert')).toHaveText(
      'Identifiants incorrects. Veuillez réessayer.',
    );
  }
  await signIn(page, email, 'essai-6');
  await expect(page.getByRole('alert')).toHaveText(
    /^Trop de tentatives de connexion\. Réessayez dans \d+ minutes?\.$/,
  );
  await expect(page).toHaveURL(/\/admin-login$/);
});

test('a signed-in user who is not an administrator is refused', async ({ page, server }) => {
  await signIn(page, server.member.email, server.member.password);
  await expect(page.getByRole('alert')).toHaveText('Identifiants incorrects. Veuillez réessayer.');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
});

test('a signed-out visit to /admin/hero lands on /admin-login, replacing history, and keeps the page asked for', async ({
  page,
}) => {
  await page.goto('/');
  await page.goto('/admin/hero');
  // The page asked for is kept, to come back to it once signed in.
  await expect(page).toHaveURL(/\/admin-login\?retour=%2Fadmin%2Fhero$/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).pathname).toBe('/');
});

test('logout returns to /admin-login and closes the admin area', async ({ page, server }) => {
  await signIn(page, server.admin.email, server.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue('');

  await page.goto('/admin/alert');
  await expect(page).toHaveURL(/\/admin-login\?retour=%2Fadmin%2Falert$/);
});

test('without a backend configuration the login page says so', async ({ page }) => {
  // The server injects the anon key into the page; a host that does not leaves the site unconfigured.
  await rewriteShell(page, (html) =>
    html.replace(/<script type="application\/json" id="supabase-config">.*?<\/script>/, ''),
  );
  await page.goto('/admin-login');
  await expect(page.getByText('Configuration Supabase manquante', { exact: false })).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill('personne@garage.test');
  await page.getByLabel('Mot de passe').fill('un-mot-de-passe-quelconque');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Identifiants incorrects. Veuillez réessayer.');
});
