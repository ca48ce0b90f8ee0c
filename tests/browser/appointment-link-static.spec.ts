import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { MESSAGES } from '../../src/site/appointment-link/link-texts.ts';
import { openDayFromNow } from '../helpers/open-days.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { storeRequest } from './request-form-helpers.ts';

/**
 * The customer's appointment link on a static host in front of hosted Supabase
 * (docs/decisions/076-appointment-confirmation.md): the host answers `/rendez-vous/gerer` with the
 * app shell, and the public site's page calls the link's functions through the API as a visitor.
 * Here the address is answered with the built shell (dist/index.html, which a static build serves
 * as shell.html) and the API is the test server's, on a phone (390 px wide).
 */

const PHONE = { width: 390, height: 844 };
const isLinkPage = (url: URL) => url.pathname === '/rendez-vous/gerer';

/** Confirms the request as the `appointments` function does, and gives the mail's token. */
async function confirmedLink(
  db: SupabaseClient,
  day: string,
): Promise<{ id: string; token: string }> {
  const id = await storeRequest(db);
  const { data, error } = await db.rpc('confirm_appointment', {
    request_id: id,
    day,
    moment: 'apres-midi',
    at_time: '14:30',
    note: null,
  });
  if (error) throw error;
  return { id, token: (data as { token: string }).token };
}

/** The app shell as a static host serves it: the built page, with the API's address and key. */
async function staticShell(baseURL: string): Promise<string> {
  const built = await readFile(path.resolve('dist', 'index.html'), 'utf8');
  const served = await (await fetch(`${baseURL}/admin-login`)).text();
  const config = /<script type="application\/json" id="supabase-config">.*?<\/script>/.exec(served);
  return built.replace('</head>', `${config?.[0] ?? ''}</head>`);
}

async function openAsStaticHost(page: Page, baseURL: string, token: string) {
  const body = await staticShell(baseURL);
  await page.route(isLinkPage, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body }),
  );
  await page.goto(`/rendez-vous/gerer?j=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre rendez-vous');
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const statusOf = async (db: SupabaseClient, id: string) =>
  ((await db.from('requests').select('status').eq('id', id).single()).data as { status: string })
    .status;

test.describe('Lien de rendez-vous sur un hébergement statique', () => {
  const clear = async ({ serviceDb }: { serviceDb: SupabaseClient }) => {
    const { error } = await serviceDb.from('requests').delete().not('id', 'is', null);
    if (error) throw error;
  };
  test.beforeEach(clear);
  test.afterEach(clear);

  test('shows the appointment only, asks before cancelling, then says it is cancelled', async ({
    browser,
    server,
    serviceDb,
  }) => {
    const { id, token } = await confirmedLink(serviceDb, openDayFromNow(5));
    const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
    const page = await context.newPage();
    await openAsStaticHost(page, server.baseURL, token);

    await expect(page.getByText(/l’après-midi \(vers 14h30\)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Demander un autre jour' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Camille');
    await expect(page.locator('body')).not.toContainText('Bruit au freinage');
    await expect(page).toHaveTitle(/^Votre rendez-vous – /);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // One tap cancels nothing: the page asks first.
    await page.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    await expect(page.getByText('Voulez-vous vraiment annuler ce rendez-vous ?')).toBeVisible();
    expect(await statusOf(serviceDb, id)).toBe('rdv_confirme');
    await page.getByRole('button', { name: 'Non, garder le rendez-vous' }).click();
    await expect(page.getByRole('button', { name: 'Annuler le rendez-vous' })).toBeFocused();
    await page.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    await expect(page.getByRole('button', { name: 'Oui, annuler le rendez-vous' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Oui, annuler le rendez-vous' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(MESSAGES.cancelled);
    await expect(page.getByRole('button', { name: /Annuler le rendez-vous/ })).toHaveCount(0);
    expect(await statusOf(serviceDb, id)).toBe('annulee');

    // The same link again: already cancelled, nothing left to do.
    await page.reload();
    await expect(page.getByText(MESSAGES.alreadyCancelled)).toBeVisible();
    await expect(page.getByText(/Rendez-vous annulé :/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Annuler|Demander/ })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test('a forged link opens nothing', async ({ browser, server, serviceDb }) => {
    const { id, token } = await confirmedLink(serviceDb, openDayFromNow(5));
    const [request, purpose, version, signature] = token.split('.');
    // One character of the signature changed.
    const last = signature!.endsWith('0') ? '1' : '0';
    const forged = [request, purpose, version, `${signature!.slice(0, -1)}${last}`].join('.');
    const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
    const page = await context.newPage();
    await openAsStaticHost(page, server.baseURL, forged);
    await expect(page.getByText(MESSAGES.invalid)).toBeVisible();
    await expect(page.getByRole('button', { name: /Annuler|Demander/ })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('14h30');
    expect(await axeViolations(page)).toEqual([]);
    expect(await statusOf(serviceDb, id)).toBe('rdv_confirme');
    await context.close();
  });

  test('asks for another day; with the network down, nothing typed is lost', async ({
    browser,
    server,
    serviceDb,
  }) => {
    const { id, token } = await confirmedLink(serviceDb, openDayFromNow(5));
    const wished = openDayFromNow(8);
    const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
    const page = await context.newPage();
    await openAsStaticHost(page, server.baseURL, token);

    const message = page.getByLabel('Votre message (facultatif, 500 caractères au plus)');
    await message.fill('Je suis en déplacement ce jour-là.');
    const first = page.getByRole('group', { name: 'Demi-journée souhaitée 1 (facultatif)' });
    await first.getByLabel('Jour').fill(wished);
    await first.getByLabel('Moment').selectOption('apres-midi');

    // The connection drops as the customer sends.
    await page.route('**/rest/v1/rpc/appointment_link_change', (route) => route.abort());
    await page.getByRole('button', { name: 'Demander un autre jour' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(MESSAGES.offline);
    await expect(message).toHaveValue('Je suis en déplacement ce jour-là.');
    await expect(first.getByLabel('Jour')).toHaveValue(wished);
    await expect(first.getByLabel('Moment')).toHaveValue('apres-midi');
    expect(await statusOf(serviceDb, id)).toBe('rdv_confirme');

    // Back online: the same form is sent.
    await page.unroute('**/rest/v1/rpc/appointment_link_change');
    await page.getByRole('button', { name: 'Demander un autre jour' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(MESSAGES.changeSent);
    await expect(page.getByRole('button', { name: 'Demander un autre jour' })).toHaveCount(0);
    // Cancelling stays possible after asking for another day.
    await expect(page.getByRole('button', { name: 'Annuler le rendez-vous' })).toBeVisible();
    expect(await statusOf(serviceDb, id)).toBe('a_rappeler');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test('the self-hosted server still answers the link itself, with its page of plain forms', async ({
    browser,
    serviceDb,
  }) => {
    const { token } = await confirmedLink(serviceDb, openDayFromNow(5));
    const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`/rendez-vous/gerer?j=${encodeURIComponent(token)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre rendez-vous');
    // The server's forms post to it; the client app is not loaded there to replace them.
    await expect(page.locator('form[method="post"]')).toHaveCount(1);
    await expect(page.locator('#root')).toHaveCount(0);
    await context.close();
  });
});
