import type { Page } from '@playwright/test';
import requestSchema from '../../schemas/forms/request.schema.json' with { type: 'json' };
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { SENT_TEXT } from '../../src/site/request/request-messages.ts';
import {
  REQUEST_FORM_PATH,
  REQUEST_MENU_LABEL,
  REQUEST_PAGE_HEADING,
} from '../../src/site/request/request-route.ts';
import { expect, test } from './fixtures.ts';
import { holdScripts, hydrated } from './held-scripts.ts';
import { afterMinimumFillTime } from './request-form-helpers.ts';
import { readServerInfo } from './server-info.ts';
import { axeViolations, freshPage } from './site-home-helpers.ts';
import { openDayFromNow } from '../helpers/open-days.ts';

/**
 * The request form « Demander un devis ou un rendez-vous » (docs/product.md#the-request-form):
 * reached from the hero, the menu, the contact section and the phones' call bar; with JavaScript
 * it checks and sends without reloading, without it the server answers with its page.
 */

declare global {
  interface Window {
    __samePage?: boolean;
  }
}

const TITLES = requestSchema.properties;
const SERVICE = DEFAULT_CONTENT.services.servicesList[0]!;

const field = (page: Page, key: keyof typeof TITLES) =>
  page.getByLabel(TITLES[key].title, { exact: false }).first();

test.afterEach(async ({ serviceDb }) => {
  await serviceDb.from('requests').delete().neq('name', '');
});

test('the hero, the menu and the contact section lead to the form', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('#hero');
  await expect(hero.getByRole('link', { name: REQUEST_MENU_LABEL })).toHaveAttribute(
    'href',
    REQUEST_FORM_PATH,
  );
  await expect(
    page.locator('#contact').getByRole('link', { name: REQUEST_PAGE_HEADING }),
  ).toHaveAttribute('href', REQUEST_FORM_PATH);

  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: REQUEST_MENU_LABEL })
    .click();
  await expect(page).toHaveURL(new RegExp(`${REQUEST_FORM_PATH}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(REQUEST_PAGE_HEADING);
  await expect(page).toHaveTitle(new RegExp(`^${REQUEST_PAGE_HEADING} – `));

  // The blog's header has the entry too.
  await page.goto('/blog');
  await page
    .getByRole('navigation', { name: 'Navigation du site' })
    .getByRole('link', {
      name: REQUEST_MENU_LABEL,
    })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(REQUEST_PAGE_HEADING);
});

test('with JavaScript: checked on submit, sent without reloading, announced', async ({
  browser,
  serviceDb,
}) => {
  const page = await freshPage(browser);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(REQUEST_FORM_PATH);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => (window.__samePage = true));
  expect(await axeViolations(page)).toEqual([]);

  // Sent empty: the problems, in French, next to their fields and in a summary that takes focus.
  await field(page, 'name').fill('Camille Martin');
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('points sont à corriger');
  await expect(summary).toContainText(requestSchema.allOf[0]!['x-message']);
  await expect(field(page, 'vehicle_make')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'vehicle_make')).toHaveAccessibleDescription(
    `« ${TITLES.vehicle_make.title} » est obligatoire.`,
  );
  await expect(page.getByRole('checkbox')).toHaveAccessibleDescription(TITLES.consent['x-message']);
  await expect(field(page, 'name')).toHaveValue('Camille Martin');
  await expect(field(page, 'name')).not.toHaveAttribute('aria-invalid');
  expect(await axeViolations(page)).toEqual([]);

  // Corrected with the keyboard alone.
  await field(page, 'phone').focus();
  await page.keyboard.type('06 12 34 56 78');
  await page.keyboard.press('Tab');
  await expect(field(page, 'email')).toBeFocused();
  await page.keyboard.type('camille@exemple.fr');
  await page.keyboard.press('Tab');
  await expect(field(page, 'vehicle_make')).toBeFocused();
  await page.keyboard.type('Peugeot');
  await page.keyboard.press('Tab');
  await page.keyboard.type('208');
  await page.keyboard.press('Tab');
  await page.keyboard.type('2017');
  await page.keyboard.press('Tab');
  await expect(field(page, 'plate')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(field(page, 'service')).toBeFocused();
  await field(page, 'service').selectOption(SERVICE);
  await page.getByLabel('1er choix').selectOption(`${openDayFromNow(4)}|matin`);
  await field(page, 'message').fill('Bruit au freinage.');
  await page.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox')).toBeChecked();
  await afterMinimumFillTime(page);
  await page.getByRole('button', { name: 'Envoyer ma demande' }).focus();
  await page.keyboard.press('Enter');

  const sent = page.getByRole('status');
  await expect(sent).toContainText(SENT_TEXT);
  await expect(sent).toBeFocused();
  expect(await page.evaluate(() => window.__samePage)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  const { data } = await serviceDb.from('requests').select('name, service, preferred_dates');
  expect(data).toEqual([
    {
      name: 'Camille Martin',
      service: SERVICE,
      preferred_dates: [{ date: openDayFromNow(4), moment: 'matin' }],
    },
  ]);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('without JavaScript: the server answers, keeping the values on a problem', async ({
  browser,
  serviceDb,
}) => {
  const context = await browser.newContext({
    baseURL: readServerInfo().baseURL,
    locale: 'fr-FR',
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto(REQUEST_FORM_PATH);
  await field(page, 'name').fill('Dominique Leroy');
  await field(page, 'email').fill('dominique@exemple');
  await field(page, 'vehicle_make').fill('Renault');
  await field(page, 'vehicle_model').fill('Clio');
  await field(page, 'vehicle_year').fill('2012');
  await field(page, 'service').selectOption('Autre');
  await page.getByLabel('2e choix').selectOption(`${openDayFromNow(6)}|apres-midi`);
  await field(page, 'message').fill('Révision « complète ».');
  await page.getByRole('checkbox').check();
  await afterMinimumFillTime(page);
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();

  await expect(page).toHaveTitle(/^Erreur : /);
  await expect(page.getByLabel('2e choix')).toHaveValue(`${openDayFromNow(6)}|apres-midi`);
  await expect(page.getByRole('alert')).toContainText('un point est à corriger');
  await expect(field(page, 'email')).toHaveAccessibleDescription(
    '« E-mail » doit être une adresse e-mail valide.',
  );
  await expect(field(page, 'name')).toHaveValue('Dominique Leroy');
  await expect(field(page, 'service')).toHaveValue('Autre');
  await expect(field(page, 'message')).toHaveValue('Révision « complète ».');
  await expect(page.getByRole('checkbox')).toBeChecked();

  await field(page, 'email').fill('dominique@exemple.fr');
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page).toHaveTitle(/^Demande envoyée – /);
  await expect(page.getByRole('status')).toContainText(SENT_TEXT);
  const { data } = await serviceDb.from('requests').select('name, email, preferred_dates');
  expect(data).toEqual([
    {
      name: 'Dominique Leroy',
      email: 'dominique@exemple.fr',
      preferred_dates: [{ date: openDayFromNow(6), moment: 'apres-midi' }],
    },
  ]);
  await context.close();
});

test('what a visitor typed before the page’s script ran is what is sent', async ({
  browser,
  serviceDb,
}) => {
  // A slow phone: the form is on screen, and filled, before the script takes it over.
  const page = await freshPage(browser);
  const release = await holdScripts(page);
  await page.goto(REQUEST_FORM_PATH, { waitUntil: 'commit' });
  await field(page, 'name').fill('Sacha Petit');
  await field(page, 'phone').fill('06 12 34 56 78');
  await field(page, 'vehicle_make').fill('Citroën');
  await field(page, 'vehicle_model').fill('C3');
  await field(page, 'vehicle_year').fill('2015');
  await field(page, 'service').selectOption(SERVICE);
  await page.getByLabel('1er choix').selectOption(`${openDayFromNow(3)}|matin`);
  await field(page, 'message').fill('Voyant allumé.');
  await page.getByRole('checkbox').check();

  release();
  await hydrated(page, 'form.request-form');
  await expect(field(page, 'name')).toHaveValue('Sacha Petit');
  await afterMinimumFillTime(page);
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByRole('status')).toContainText(SENT_TEXT);
  const { data } = await serviceDb.from('requests').select('name, vehicle_model, preferred_dates');
  expect(data).toEqual([
    {
      name: 'Sacha Petit',
      vehicle_model: 'C3',
      preferred_dates: [{ date: openDayFromNow(3), moment: 'matin' }],
    },
  ]);
});

test('on a 390 px phone, « Appeler » and « Demander un devis » stay at hand', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const bar = page.locator('.call-bar');
  const call = bar.getByRole('link', { name: /Appeler/ });
  const ask = bar.getByRole('link', { name: REQUEST_MENU_LABEL });
  await expect(call).toBeInViewport();
  await expect(ask).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(call).toBeInViewport();
  await expect(ask).toBeInViewport();
  await ask.click();
  await expect(page).toHaveURL(new RegExp(`${REQUEST_FORM_PATH}$`));

  // On the form's own page, the bar offers the call alone, with the number.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(REQUEST_PAGE_HEADING);
  await expect(call).toBeInViewport();
  await expect(call).toContainText(DEFAULT_CONTENT.contact.phone);
  await expect(ask).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(call).toBeInViewport();
});

test('with JavaScript, a form sent at once says to wait a few seconds, then goes', async ({
  browser,
  serviceDb,
}) => {
  const page = await freshPage(browser);
  await page.goto(REQUEST_FORM_PATH);
  await page.waitForLoadState('networkidle');
  await field(page, 'name').fill('Alix Morel');
  await field(page, 'phone').fill('06 12 34 56 78');
  await field(page, 'vehicle_make').fill('Citroën');
  await field(page, 'vehicle_model').fill('C3');
  await field(page, 'vehicle_year').fill('2019');
  await field(page, 'service').selectOption('Autre');
  await page.getByRole('checkbox').check();
  // Sent before the minimum fill time: not a field to correct, and the visitor is told what to do.
  // Filling the form may itself take longer than that on a busy machine, so the first sending
  // carries a start the database signed just before: a form sent as soon as it was shown.
  await page.route(
    '**/rest/v1/rpc/submit_request',
    async (route) => {
      const request = route.request();
      const headers = await request.allHeaders();
      const start = await fetch(new URL('/rest/v1/rpc/request_form_start', request.url()), {
        method: 'POST',
        headers: {
          apikey: headers.apikey ?? '',
          authorization: headers.authorization ?? '',
          'content-type': 'application/json',
        },
        body: '{}',
      });
      expect(start.status).toBe(200);
      const body = request.postDataJSON() as { payload: { started_at: unknown } };
      body.payload.started_at = await start.json();
      await route.continue({ postData: JSON.stringify(body) });
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText(
    'Le formulaire a été envoyé trop vite. Attendez quelques secondes, puis envoyez-le à nouveau.',
  );
  await expect(summary.getByRole('heading')).toHaveText('Votre demande n’a pas été envoyée.');

  await afterMinimumFillTime(page);
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByRole('status')).toContainText(SENT_TEXT);
  const { data } = await serviceDb.from('requests').select('name');
  expect(data).toEqual([{ name: 'Alix Morel' }]);
  await page.context().close();
});

test('on a 390 px phone, a visitor picks a half-day among those with room left', async ({
  browser,
  serviceDb,
}) => {
  // The morning of that day is full: three vehicles confirmed (the default capacity).
  const day = openDayFromNow(4);
  const confirmed = [1, 2, 3].map((n) => ({
    name: `Client ${n}`,
    phone: `06 00 00 00 0${n}`,
    vehicle_make: 'Renault',
    vehicle_model: 'Clio',
    vehicle_year: 2015,
    service: 'Autre',
    consent: true,
    status: 'rdv_confirme',
    appointment_date: day,
    appointment_moment: 'matin',
  }));
  expect((await serviceDb.from('requests').insert(confirmed)).error).toBeNull();

  const page = await freshPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  // Reached from the home page's call bar: the browser asks for the half-days' load itself.
  await page.goto('/');
  await page.locator('.call-bar').getByRole('link', { name: REQUEST_MENU_LABEL }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(REQUEST_PAGE_HEADING);
  const first = page.getByLabel('1er choix');
  await expect(first.locator(`option[value="${day}|apres-midi"]`)).toHaveCount(1);
  await expect(first.locator(`option[value="${day}|matin"]`)).toHaveCount(0);
  // Shown by the server too (a page opened directly).
  await page.reload();
  await expect(first.locator(`option[value="${day}|apres-midi"]`)).toHaveCount(1);
  await expect(first.locator(`option[value="${day}|matin"]`)).toHaveCount(0);

  // The lists fit the phone's width, and each is named.
  for (const label of ['1er choix', '2e choix', '3e choix']) {
    const box = await page.getByLabel(label).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await field(page, 'name').fill('Sacha Petit');
  await field(page, 'phone').fill('06 12 34 56 78');
  await field(page, 'vehicle_make').fill('Peugeot');
  await field(page, 'vehicle_model').fill('208');
  await field(page, 'vehicle_year').fill('2017');
  await field(page, 'service').selectOption('Autre');
  await first.selectOption({
    label: await first.locator(`option[value="${day}|apres-midi"]`).innerText(),
  });
  await expect(first).toHaveValue(`${day}|apres-midi`);
  await page.getByRole('checkbox').check();
  expect(await axeViolations(page)).toEqual([]);
  await afterMinimumFillTime(page);
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByRole('status')).toContainText(SENT_TEXT);
  const { data } = await serviceDb
    .from('requests')
    .select('preferred_dates')
    .eq('name', 'Sacha Petit');
  expect(data).toEqual([{ preferred_dates: [{ date: day, moment: 'apres-midi' }] }]);
  await page.context().close();
});
