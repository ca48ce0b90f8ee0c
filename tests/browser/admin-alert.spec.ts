import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { AlertContent } from '../../src/content/generated/types.ts';
import { expect, test } from './fixtures.ts';
import { startEachTestWith, useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { readServerInfo } from './server-info.ts';

const START: AlertContent = { active: false, message: '', type: 'info', permanent: false };

const session = useAdminSession('admin-alert');
const { apiHeaders } = session;

const alertRow = startEachTestWith(apiHeaders, {
  type: 'alert',
  start: START,
  path: '/admin/alert',
});

const saved = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: '✓ Enregistré' })).toBeVisible();

test.beforeEach(async ({ page }) => {
  await expect(page.getByLabel("Activer l'alerte")).not.toBeChecked();
});

test('shows the controls, the instructions and the preview', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Gérer l'Alerte");
  await expect(
    page.getByText("L'alerte s'affiche en haut de toutes les pages du site."),
  ).toBeVisible();
  await expect(
    page.getByText('Les modifications sont enregistrées automatiquement.'),
  ).toBeVisible();
  await expect(page.getByText(/elle disparaît après 10 secondes/)).toBeVisible();
  await expect(page.getByLabel('Alerte permanente')).not.toBeChecked();
  const type = page.getByLabel('Type');
  await expect(type.locator('option')).toHaveText(['Information', 'Avertissement', 'Urgence']);
  expect(
    await type.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
  ).toEqual(['info', 'warning', 'error']);
  await expect(page.getByLabel('Message')).toHaveAttribute('rows', '4');
  const preview = page.getByRole('region', { name: 'Aperçu en direct' });
  await expect(preview).toContainText('L’alerte est désactivée');
});

test('edits apply at once in the preview, are saved, and the home page shows them', async ({
  page,
  request,
}) => {
  const message = `Garage fermé le 15 août ${randomBytes(3).toString('hex')}`;
  await page.getByLabel("Activer l'alerte").check();
  const preview = page.getByRole('region', { name: 'Aperçu en direct' });
  await expect(preview).toContainText('n’a pas de message');
  await page.getByLabel('Message').fill(message);
  // The preview is the public banner, at once (before the save).
  await expect(preview.locator('.alert-banner--info')).toContainText(message);
  await page.getByLabel('Type').selectOption({ label: 'Urgence' });
  await expect(preview.locator('.alert-banner--error')).toContainText(message);
  await page.getByLabel('Alerte permanente').check();
  await saved(page);
  await expect
    .poll(() => alertRow.stored(request))
    .toEqual({ active: true, message, type: 'error', permanent: true });

  // The site: the emergency banner at the top of the page, still there after 10 s.
  await page.clock.install();
  await page.goto('/');
  const banner = page.locator('.alert-banner');
  await expect(banner).toHaveClass(/alert-banner--error/);
  await expect(banner).toHaveAttribute('role', 'alert');
  await expect(banner).toContainText(`Urgence : ${message}`);
  await expect(banner).toHaveCSS('background-color', 'rgb(253, 236, 235)');
  await page.clock.runFor(11_000);
  await expect(banner).toBeVisible();

  // Not permanent, a warning: it goes away after 10 seconds.
  await page.goto('/admin/alert');
  await page.getByLabel('Alerte permanente').uncheck();
  await page.getByLabel('Type').selectOption('warning');
  await page.clock.runFor(700);
  await saved(page);
  await expect
    .poll(() => alertRow.stored(request))
    .toEqual({ active: true, message, type: 'warning', permanent: false });
  await page.goto('/');
  await expect(banner).toHaveClass(/alert-banner--warning/);
  await expect(banner).toHaveAttribute('role', 'status');
  await page.clock.runFor(10_500);
  await expect(banner).toHaveCount(0);

  // Switched off: nothing on the site.
  await page.goto('/admin/alert');
  await page.getByLabel("Activer l'alerte").uncheck();
  await page.clock.runFor(700);
  await saved(page);
  await expect.poll(async () => (await alertRow.stored(request))?.active).toBe(false);
  await page.goto('/');
  await expect(page.locator('main > section').first()).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('saves once, shortly after the typing stops', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (call) => {
    if (call.method() === 'POST' && call.url().includes('/rest/v1/site_content')) {
      posts.push(call.postData() ?? '');
    }
  });
  await page.clock.install();
  await page.reload();
  const field = page.getByLabel('Message');
  await expect(field).toBeEditable();
  // From now on only the test moves the page's time: a busy machine cannot run the wait out.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await field.pressSequentially('Bonjour', { delay: 50 });
  await expect(page.getByRole('status').filter({ hasText: 'en attente' })).toBeVisible();
  await page.clock.runFor(300);
  expect(posts).toHaveLength(0);
  await page.clock.runFor(400);
  await saved(page);
  expect(posts).toHaveLength(1);
  expect(JSON.parse(posts[0]!)).toMatchObject({ type: 'alert', content: { message: 'Bonjour' } });
});

test('a failed save says why, keeps the text, and can be retried', async ({ page, request }) => {
  await page.route('**/rest/v1/site_content*', async (route) => {
    const call = route.request();
    if (call.method() !== 'POST') return route.continue();
    const body = call.postDataJSON() as { content: Record<string, unknown> };
    body.content.type = 'rouge';
    return route.continue({ postData: JSON.stringify(body) });
  });
  const message = `Essai ${randomBytes(3).toString('hex')}`;
  await page.getByLabel('Message').fill(message);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("L'enregistrement a échoué : Contenu « alert » refusé");
  await expect(alert).toContainText('« Type »');
  await expect(page.getByLabel('Message')).toHaveValue(message);
  expect((await alertRow.stored(request))?.message).toBe('');

  await page.unroute('**/rest/v1/site_content*');
  await alert.getByRole('button', { name: 'Réessayer' }).click();
  await saved(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The box went with the button pressed: the focus is back in the form, on its first field.
  await expect(page.getByLabel("Activer l'alerte")).toBeFocused();
  expect((await alertRow.stored(request))?.message).toBe(message);
});

test('axe finds no violation on the panel', async ({ browser }) => {
  const page = await session.newPage(browser);
  const check = async () => {
    expect(await axeViolations(page)).toEqual([]);
  };
  await page.goto('/admin/alert');
  await expect(page.getByLabel('Message')).toBeVisible();
  await check();
  await page.getByLabel("Activer l'alerte").check();
  await page.getByLabel('Message').fill('Fermeture exceptionnelle samedi');
  for (const type of ['info', 'warning', 'error']) {
    await page.getByLabel('Type').selectOption(type);
    await expect(page.locator(`.alert-banner--${type}`)).toBeVisible();
    await check();
  }
  await expect(page.getByText('✓ Enregistré')).toBeVisible();
  await check();
  await page.context().close();
});

test('two tabs on the alert: each sees the other, and is offered the other’s save', async ({
  page: b,
  browser,
}) => {
  // Edited live like a section (docs/decisions/052-live-back-office.md).
  const notice = (page: Page) => page.locator('.editing-notice[role="status"]');
  const email = readServerInfo().admin.email;
  const message = `Fermé pour inventaire ${randomBytes(3).toString('hex')}`;
  const a = await session.newPage(browser);
  try {
    await a.goto('/admin/alert');
    await expect(a.getByLabel("Activer l'alerte")).not.toBeChecked();
    for (const page of [a, b]) {
      await expect(notice(page)).toContainText("Quelqu'un d'autre modifie cette page");
      await expect(notice(page)).toContainText(new RegExp(`${email}, depuis \\d{1,2} h \\d\\d`));
    }

    // A turns the alert on with a message (saved on its own): B, with nothing typed, is offered
    // A's version and reloads it, the preview with it.
    await a.getByLabel("Activer l'alerte").check();
    await a.getByLabel('Message').fill(message);
    await saved(a);
    await expect(notice(b)).toContainText(
      new RegExp(`${email} a enregistré cette page à \\d{1,2} h \\d\\d`),
    );
    await expect(notice(b)).not.toContainText('Vos modifications ne sont pas enregistrées');
    await notice(b).getByRole('button', { name: 'Recharger la version enregistrée' }).click();
    await expect(b.getByLabel('Message')).toHaveValue(message);
    await expect(b.getByLabel("Activer l'alerte")).toBeChecked();
    await expect(
      b.getByRole('region', { name: 'Aperçu en direct' }).locator('.alert-banner--info'),
    ).toContainText(message);
    await expect(notice(b)).not.toContainText('a enregistré cette page');
    await expect(b.getByLabel("Activer l'alerte")).toBeFocused();

    // A leaves the page: B is alone again.
    await a.goto('/admin/hero');
    await expect(notice(b)).not.toContainText("Quelqu'un d'autre modifie cette page");
  } finally {
    await a.context().close();
  }
});
