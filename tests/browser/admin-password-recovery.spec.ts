import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { codeForStep, stepAt } from '../../server/auth/totp.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// A forgotten password as the owner meets it: « Mot de passe oublié ? », the mail, the link, the
// new password, and the back-office. A server of its own, with a local mail server, since the
// shared one sends no mail (docs/decisions/035-forgotten-password.md).

test.describe.configure({ mode: 'serial' });

let smtp: TestSmtp;
let mailing: TestServer;
const owner = {
  email: `oubli-${randomBytes(4).toString('hex')}@garage.test`,
  password: `${randomBytes(12).toString('base64url')}-Aa1`,
};
const newPassword = `${randomBytes(12).toString('base64url')}-Bb2`;
let link = '';

test.beforeAll(async () => {
  // A fresh embedded database is migrated first: longer than a test's usual 30 seconds.
  test.setTimeout(180_000);
  smtp = await startTestSmtp();
  mailing = await startTestServer({ distDir: path.resolve('dist'), smtpUrl: smtp.url });
  await mailing.createUser(owner.email, owner.password, true);
});
test.afterAll(async () => {
  await mailing?.close();
  await smtp?.close();
});

test('asks for a link, follows it from the mail, chooses a new password and is signed in', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: mailing.url, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/admin-login');
  await page.getByLabel('Adresse e-mail').fill(owner.email);
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByLabel('Adresse e-mail du compte')).toHaveValue(owner.email);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Recevoir un lien' }).click();
  await expect(page.getByRole('status')).toHaveText(
    "Si un compte existe pour cette adresse, un lien vient d'être envoyé. Il est valable une heure.",
  );

  const [mail] = await smtp.waitFor(1);
  expect(mail!.to).toEqual([owner.email]);
  link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail!.text)![0];
  await page.goto(link);
  await expect(page).toHaveURL(/\/admin\/nouveau-mot-de-passe$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouveau mot de passe');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmez le nouveau mot de passe').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Les deux mots de passe ne sont pas identiques.',
  );
  await page.getByLabel('Confirmez le nouveau mot de passe').fill(newPassword);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: 'Mon compte', exact: true })).toBeVisible();

  // The new password signs in; the old one no longer does.
  const client = mailing.anonClient();
  expect((await client.auth.signInWithPassword(owner)).error?.code).toBe('invalid_credentials');
  const fresh = await client.auth.signInWithPassword({
    email: owner.email,
    password: newPassword,
  });
  expect(fresh.error).toBeNull();
  await context.close();
});

test('a link already used says so, and leads back to the sign-in page', async ({ browser }) => {
  expect(link).not.toBe('');
  const context = await browser.newContext({ baseURL: mailing.url, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText("Ce lien n'est plus valable");
  await expect(page).toHaveURL(/\/admin\/nouveau-mot-de-passe$/);
  await page.getByRole('link', { name: 'Retour à la connexion' }).click();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await context.close();
});

test('with two-factor sign-in on, the page asks the code before the new password', async ({
  browser,
}) => {
  const guarded = {
    email: `oubli-2fa-${randomBytes(4).toString('hex')}@garage.test`,
    password: `${randomBytes(12).toString('base64url')}-Aa1`,
  };
  await mailing.createUser(guarded.email, guarded.password, true);
  const client = await mailing.signedInClient(guarded.email, guarded.password);
  const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
  const enrolledAt = stepAt(Date.now());
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: factor!.id,
    code: codeForStep(factor!.totp.secret, enrolledAt),
  });
  expect(verified.error).toBeNull();

  const before = smtp.received.length;
  const asked = await mailing.anonClient().auth.resetPasswordForEmail(guarded.email, {
    redirectTo: new URL('/admin/nouveau-mot-de-passe', mailing.url).href,
  });
  expect(asked.error).toBeNull();
  const mail = (await smtp.waitFor(before + 1))[before]!;
  const context = await browser.newContext({ baseURL: mailing.url, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)![0]);
  await expect(page.getByText('saisissez d’abord le code à 6 chiffres')).toBeVisible();
  await expect(page.getByLabel('Nouveau mot de passe', { exact: true })).toHaveCount(0);
  // The step after the enrolment's: within the one-step tolerance, and not a replay.
  await page
    .getByLabel('Code de vérification')
    .fill(codeForStep(factor!.totp.secret, enrolledAt + 1));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmez le nouveau mot de passe').fill(newPassword);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: 'Mon compte', exact: true })).toBeVisible();
  await context.close();
});

test('on a site that sends no mail, the sign-in page says who resets the password', async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/admin-login');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('status')).toContainText(
    "contactez la personne qui s'occupe de votre site",
  );
  await expect(page.getByRole('status')).not.toContainText('npm run');
  await expect(page.getByLabel('Adresse e-mail du compte')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});
