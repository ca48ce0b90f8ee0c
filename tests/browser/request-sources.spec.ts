import type { Page } from '@playwright/test';
import requestSchema from '../../schemas/forms/request.schema.json' with { type: 'json' };
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { SENT_TEXT } from '../../src/site/request/request-messages.ts';
import { REQUEST_MENU_LABEL } from '../../src/site/request/request-route.ts';
import { useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { hydrated, holdScripts } from './held-scripts.ts';
import { afterMinimumFillTime } from './request-form-helpers.ts';
import { freshPage } from './site-home-helpers.ts';

/**
 * Where requests come from (docs/decisions/078-agenda-figures-sources.md): a visitor who landed
 * from a campaign's link sends the form a few pages later, the request keeps the campaign, and the
 * statistics count it among the requests per source.
 */

const session = useAdminSession('request-sources');
const TITLES = requestSchema.properties;

test.afterEach(async ({ serviceDb }) => {
  await serviceDb.from('requests').delete().neq('name', '');
});

/** From the home page's menu to the request form, as the visitor taps it. */
async function toRequestForm(visitor: Page) {
  await visitor
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: REQUEST_MENU_LABEL })
    .click();
}

/** Fills the request form as Camille Martin and sends it. */
async function sendRequest(visitor: Page) {
  const field = (key: keyof typeof TITLES) =>
    visitor.getByLabel(TITLES[key].title, { exact: false }).first();
  await field('name').fill('Camille Martin');
  await field('phone').fill('06 12 34 56 78');
  await field('vehicle_make').fill('Peugeot');
  await field('vehicle_model').fill('208');
  await field('vehicle_year').fill('2017');
  await field('service').selectOption(DEFAULT_CONTENT.services.servicesList[0]!);
  await visitor.getByRole('checkbox').check();
  await afterMinimumFillTime(visitor);
  await visitor.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(visitor.getByRole('status')).toContainText(SENT_TEXT);
}

test('a campaign’s visitor sends the form from another page; the statistics count it', async ({
  browser,
  serviceDb,
}) => {
  test.setTimeout(60_000);
  const visitor = await freshPage(browser);
  await visitor.goto('/?utm_source=Flyer_Mairie&utm_medium=print');
  await toRequestForm(visitor);
  await sendRequest(visitor);
  // The browser kept the category and the campaign's name, nothing else, and no cookie.
  expect(await visitor.evaluate(() => ({ ...sessionStorage }))).toEqual({
    provenance: JSON.stringify({ source: 'campagne', campagne: 'flyer_mairie' }),
  });
  expect(await visitor.context().cookies()).toEqual([]);
  const { data } = await serviceDb.from('requests').select('name, source, source_campaign');
  expect(data).toEqual([
    { name: 'Camille Martin', source: 'campagne', source_campaign: 'flyer_mairie' },
  ]);
  await visitor.context().close();

  const page = await session.newPage(browser);
  await page.goto('/admin/stats');
  const table = page.getByRole('table', { name: /^Visites et demandes par provenance/ });
  await expect(table.getByRole('columnheader')).toHaveText(['Période', 'Visites', 'Campagne']);
  // Today's row, first: its visits, and the request from the campaign.
  await expect(table.getByRole('row').nth(1).getByRole('cell').last()).toHaveText('1');
  expect(await axeViolations(page)).toEqual([]);
  await page.context().close();
});

test('on a slow phone, a campaign’s visitor who taps the form’s link before the page’s script ran keeps the campaign', async ({
  browser,
  serviceDb,
}) => {
  const visitor = await freshPage(browser);
  const release = await holdScripts(visitor);
  await visitor.goto('/?utm_source=Flyer_Mairie&utm_medium=print', { waitUntil: 'commit' });
  await toRequestForm(visitor);
  await expect(visitor.getByRole('button', { name: 'Envoyer ma demande' })).toBeVisible();
  release();
  await hydrated(visitor, 'form');
  await sendRequest(visitor);
  const { data } = await serviceDb.from('requests').select('source, source_campaign');
  expect(data).toEqual([{ source: 'campagne', source_campaign: 'flyer_mairie' }]);
  await visitor.context().close();
});
