import type { Page } from '@playwright/test';
import requestSchema from '../../schemas/forms/request.schema.json' with { type: 'json' };
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { SENT_TEXT } from '../../src/site/request/request-messages.ts';
import { REQUEST_FORM_PATH } from '../../src/site/request/request-route.ts';
import { useAdminSession } from './admin-session.ts';
import { expect, test } from './fixtures.ts';
import { afterMinimumFillTime } from './request-form-helpers.ts';
import { freshPage } from './site-home-helpers.ts';

/**
 * The owner sees a request arrive without reloading (docs/product.md#live-back-office): a visitor
 * sends the public form while the inbox is open in one tab and the home page in another; the
 * inbox's list, the navigation's badge, the tab's title and the home page's count follow.
 */

const session = useAdminSession('admin-live-requests');
const TITLES = requestSchema.properties;
const field = (page: Page, key: keyof typeof TITLES) =>
  page.getByLabel(TITLES[key].title, { exact: false }).first();

async function sendRequest(page: Page, name: string): Promise<void> {
  await page.goto(REQUEST_FORM_PATH);
  await field(page, 'name').fill(name);
  await field(page, 'phone').fill('06 12 34 56 78');
  await field(page, 'email').fill('client@exemple.fr');
  await field(page, 'vehicle_make').fill('Peugeot');
  await field(page, 'vehicle_model').fill('208');
  await field(page, 'vehicle_year').fill('2017');
  await field(page, 'service').selectOption(DEFAULT_CONTENT.services.servicesList[0]!);
  await field(page, 'message').fill('Bruit au freinage.');
  await page.getByRole('checkbox').check();
  await afterMinimumFillTime(page);
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByRole('status')).toContainText(SENT_TEXT);
}

test.describe('live requests', () => {
  const clear = async ({
    serviceDb,
  }: {
    serviceDb: import('@supabase/supabase-js').SupabaseClient;
  }) => {
    const { error } = await serviceDb.from('requests').delete().not('id', 'is', null);
    if (error) throw error;
  };
  test.beforeEach(clear);
  test.afterEach(clear);

  test('a request sent from the site shows in the open inbox, badge, title and home', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const inbox = await session.newPage(browser);
    await inbox.goto('/admin/demandes');
    await expect(inbox.getByText('Aucune demande')).toBeVisible();
    await expect(inbox).toHaveTitle('Demandes – Administration');
    const home = await session.newPage(browser);
    await home.goto('/admin');
    await expect(home.getByRole('main').getByText('Aucune nouvelle demande')).toBeVisible();

    const visitor = await freshPage(browser);
    await sendRequest(visitor, 'Camille Martin');

    await expect(inbox.getByRole('row', { name: /Camille Martin/ })).toBeVisible();
    const nav = inbox.getByRole('navigation', { name: "Navigation de l'administration" });
    await expect(nav.getByRole('link', { name: /^Demandes/ })).toHaveAccessibleName(
      'Demandes (1 nouvelle demande)',
    );
    await expect(inbox).toHaveTitle('(1) Demandes – Administration');
    await expect(home.getByRole('main').getByText('1 nouvelle demande')).toBeVisible();
    // Every back-office tab's title starts with the count, not the inbox's alone.
    await expect(home).toHaveTitle(/^\(1\) .+ – Administration$/);

    await sendRequest(visitor, 'Dominique Leroy');
    await expect(inbox.getByRole('row', { name: /Dominique Leroy/ })).toBeVisible();
    await expect(inbox).toHaveTitle('(2) Demandes – Administration');
    await expect(home.getByRole('main').getByText('2 nouvelles demandes')).toBeVisible();
    await expect(home).toHaveTitle(/^\(2\) .+ – Administration$/);

    for (const page of [inbox, home, visitor]) await page.context().close();
  });
});
