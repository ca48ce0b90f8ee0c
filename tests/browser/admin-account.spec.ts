import { randomBytes } from 'node:crypto';
import { codeForStep, stepAt } from '../../server/auth/totp.ts';
import { axeViolations } from './axe.ts';
import { expect, signIn, test } from './fixtures.ts';

// «Mon compte» as the owner uses it: turning two-factor sign-in on, then signing in with the code;
// changing the password. An administrator of its own, so that the other specs' sign-ins are not
// asked for a code (docs/decisions/034-two-factor-sign-in.md).

test.describe.configure({ mode: 'serial' });

const owner = {
  email: `compte-${randomBytes(4).toString('hex')}@garage.test`,
  password: `${randomBytes(12).toString('base64url')}-Aa1`,
};

test.beforeAll(async ({ serviceDb }) => {
  const { error } = await serviceDb.auth.admin.createUser({
    email: owner.email,
    password: owner.password,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  expect(error).toBeNull();
});

test('turns two-factor sign-in on, then the sign-in asks for the code', async ({ page }) => {
  // It waits for the next 30-second step (below), on top of its own steps.
  test.setTimeout(90_000);
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Mon compte', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon compte');

  await page.getByRole('button', { name: 'Activer la double authentification' }).click();
  // The button gives way to the QR code: the focus is on the section's title, above it.
  const title = page.getByRole('heading', { name: 'Double authentification', exact: true });
  await expect(title).toBeFocused();
  const secret = (await page.locator('.account__section code').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const step = stepAt(Date.now());
  await page.getByLabel('Code à 6 chiffres').fill(codeForStep(secret, step));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'activée' })).toHaveText(
    'Double authentification activée.',
  );
  await expect(title).toBeFocused();
  await expect(
    page.getByRole('button', { name: 'Désactiver la double authentification' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Déconnecter partout' }).click();
  await expect(page).toHaveURL(/\/admin-login/);

  await signIn(page, owner.email, owner.password);
  await expect(page.getByLabel('Code de vérification')).toBeVisible();
  await page.getByLabel('Code de vérification').fill('000000');
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByRole('alert')).toContainText('Code incorrect');
  // The next code (a code is accepted once; one step of tolerance).
  await page.getByLabel('Code de vérification').fill(codeForStep(secret, step + 1));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // Turning it off asks for a code too: the one after, once the clock has reached its step.
  await page.getByRole('link', { name: 'Mon compte', exact: true }).click();
  await expect.poll(() => stepAt(Date.now()), { timeout: 40_000 }).toBeGreaterThan(step);
  await page.getByLabel('Code à 6 chiffres').fill(codeForStep(secret, step + 2));
  await page.getByRole('button', { name: 'Désactiver la double authentification' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'désactivée' })).toHaveText(
    'Double authentification désactivée.',
  );
  await expect(
    page.getByRole('button', { name: 'Activer la double authentification' }),
  ).toBeVisible();
});

test('changes the password, the current one asked', async ({
  page,
  serviceDb,
  browser,
  server,
}) => {
  const user = {
    email: `mdp-${randomBytes(4).toString('hex')}@garage.test`,
    password: `${randomBytes(12).toString('base64url')}-Aa1`,
  };
  const created = await serviceDb.auth.admin.createUser({
    ...user,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  expect(created.error).toBeNull();
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/compte');

  const newPassword = `${randomBytes(12).toString('base64url')}-Bb2`;
  await page.getByLabel('Mot de passe actuel').fill('pas-le-bon-mot-de-passe');
  await page.getByLabel(/Nouveau mot de passe/).fill(newPassword);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByRole('alert')).toHaveText('Mot de passe actuel incorrect.');

  await page.getByLabel('Mot de passe actuel').fill(user.password);
  await page.getByLabel(/Nouveau mot de passe/).fill(newPassword);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mot de passe' })).toHaveText(
    'Mot de passe changé. Vos autres appareils sont déconnectés.',
  );
  // The next action's message replaces it: one message on the page at a time.
  await page.getByRole('button', { name: 'Déconnecter mes autres appareils' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'appareils' })).toHaveText(
    'Vos autres appareils sont déconnectés.',
  );
  await expect(page.getByText('Mot de passe changé.', { exact: false })).toHaveCount(0);
  // This session goes on; the new password signs in elsewhere.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon compte');
  const fresh = await browser.newContext({ baseURL: server.baseURL, locale: 'fr-FR' });
  const elsewhere = await fresh.newPage();
  await signIn(elsewhere, user.email, newPassword);
  await expect(elsewhere).toHaveURL(/\/admin$/);
  await elsewhere.goto('/admin/compte');
  await expect(elsewhere.getByRole('button', { name: 'Changer le mot de passe' })).toBeVisible();
  expect(await axeViolations(elsewhere)).toEqual([]);
  await fresh.close();
});

test('says why a common password is refused, before sending it', async ({ page, serviceDb }) => {
  const user = {
    email: `courant-${randomBytes(4).toString('hex')}@garage.test`,
    password: `${randomBytes(12).toString('base64url')}-Aa1`,
  };
  const created = await serviceDb.auth.admin.createUser({
    ...user,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  expect(created.error).toBeNull();
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/compte');

  const reason =
    'Ce mot de passe est trop facile à deviner. Choisissez-en un plus original : par exemple ' +
    'trois ou quatre mots sans rapport entre eux.';
  // Leaving the field is enough to read why.
  await page.getByLabel(/Nouveau mot de passe/).fill('motdepasse123');
  await page.getByLabel('Mot de passe actuel').focus();
  await expect(page.getByRole('alert')).toHaveText(reason);

  // Submitted anyway, it is refused here, and the current password still signs in.
  await page.getByLabel('Mot de passe actuel').fill(user.password);
  await page.getByLabel(/Nouveau mot de passe/).fill('azertyuiop123');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Ce mot de passe est trop facile à deviner. Les lignes droites de touches de votre clavier ' +
      'sont faciles à deviner. Choisissez-en un plus original : par exemple trois ou quatre mots ' +
      'sans rapport entre eux.',
  );
  const again = await serviceDb.auth.signInWithPassword(user);
  expect(again.error).toBeNull();
});

test('a device signed out from another one is told so, not that its session expired', async ({
  page,
  serviceDb,
  browser,
  server,
}) => {
  const user = {
    email: `appareils-${randomBytes(4).toString('hex')}@garage.test`,
    password: `${randomBytes(12).toString('base64url')}-Aa1`,
  };
  const created = await serviceDb.auth.admin.createUser({
    ...user,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  expect(created.error).toBeNull();
  const other = await browser.newContext({ baseURL: server.baseURL, locale: 'fr-FR' });
  try {
    const phone = await other.newPage();
    await signIn(phone, user.email, user.password);
    await expect(phone).toHaveURL(/\/admin$/);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto('/admin/compte');
    await page.getByRole('button', { name: 'Déconnecter mes autres appareils' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'appareils' })).toHaveText(
      'Vos autres appareils sont déconnectés.',
    );

    // The other device's next request is refused; the sign-in page says what happened.
    await phone.goto('/admin/blog');
    await expect(phone).toHaveURL(
      /\/admin-login\?retour=%2Fadmin%2Fblog&session=deconnectee-ailleurs$/,
    );
    await expect(phone.getByRole('alert')).toHaveText(
      'Vous avez été déconnecté depuis un autre appareil (« Déconnecter mes autres appareils »). ' +
        'Reconnectez-vous pour continuer.',
    );
  } finally {
    await other.close();
  }
});
