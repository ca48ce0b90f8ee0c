import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { openDayFromNow } from '../helpers/open-days.ts';
import { useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { storeRequest } from './request-form-helpers.ts';

/**
 * Confirming an appointment from a request's page, then the customer's link, both on a phone
 * (390 px wide), against the real server (docs/decisions/076-appointment-confirmation.md). The
 * link's page works without JavaScript: it is opened with JavaScript off.
 */

const session = useAdminSession('appointment-confirmation');
const PHONE = { width: 390, height: 844 };

/** Nothing sticks out sideways: the page fits the phone's width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('Rendez-vous', () => {
  const clear = async ({ serviceDb }: { serviceDb: SupabaseClient }) => {
    const { error } = await serviceDb.from('requests').delete().not('id', 'is', null);
    if (error) throw error;
  };
  test.beforeEach(clear);
  test.afterEach(clear);

  test('the owner confirms a half-day on a phone; the customer cancels from the link', async ({
    browser,
    serviceDb,
  }) => {
    test.setTimeout(60_000);
    const day = openDayFromNow(5);
    const id = await storeRequest(serviceDb, {
      preferred_dates: [{ date: day, moment: 'matin' }],
    });
    // The morning is already full (3 vehicles, the default capacity).
    for (const name of ['Alex Petit', 'Sacha Morel', 'Dominique Leroy'])
      await storeRequest(serviceDb, {
        name,
        status: 'rdv_confirme',
        appointment_date: day,
        appointment_moment: 'matin',
      });

    const page = await session.newPage(browser);
    await page.setViewportSize(PHONE);
    await page.goto(`/admin/demandes/${id}`);
    const section = page.getByRole('region', { name: 'Rendez-vous' });
    await expect(section.getByLabel('Jour', { exact: true })).toHaveValue(day);
    await expect(section.getByLabel('Demi-journée')).toHaveValue('matin');
    await expect(section).toContainText('Déjà réservés ce matin-là : 3 véhicules sur 3.');
    await expect(section.getByRole('note')).toHaveText(
      'Cette demi-journée est complète. Vous pouvez confirmer quand même.',
    );
    // The afternoon is free.
    await section.getByLabel('Demi-journée').selectOption({ label: 'Après-midi' });
    await expect(section).toContainText('Déjà réservés cet après-midi-là : 0 véhicule sur 3.');
    await expect(section.getByRole('note')).toHaveCount(0);
    await section.getByLabel('Heure (facultatif)').fill('14:30');
    await section.getByLabel(/Mot pour le client/).fill('Prévoyez une heure sur place.');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await section.getByRole('button', { name: 'Confirmer le rendez-vous' }).click();
    await expect(page.getByRole('article').getByRole('status')).toHaveText(
      'Rendez-vous confirmé. Le client reçoit un e-mail avec le rendez-vous pour son agenda.',
    );
    await expect(page.getByLabel('Statut', { exact: true })).toHaveValue('rdv_confirme');
    await expect(section).toContainText('Confirmé pour le');
    await expect(page.getByRole('region', { name: 'E-mails' })).toContainText(
      'Rendez-vous confirmé',
    );
    await page.context().close();

    // The customer's link, from the queued mail.
    const { data: mail } = await serviceDb
      .from('request_mails')
      .select('body')
      .eq('request_id', id)
      .eq('kind', 'confirmation')
      .single();
    const link = new URL(
      /https?:\/\/\S+\/rendez-vous\/gerer\?j=\S+/.exec((mail as { body: string }).body)![0],
    );
    const customer = await browser.newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      locale: 'fr-FR',
    });
    const linkPage = await customer.newPage();
    await linkPage.goto(`${link.pathname}${link.search}`);
    await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('Votre rendez-vous');
    await expect(linkPage.getByText(/l’après-midi \(vers 14h30\)/)).toBeVisible();
    await expect(linkPage.locator('body')).not.toContainText('Camille');
    await expect(linkPage.locator('body')).not.toContainText('Bruit au freinage');
    await expect(linkPage.getByRole('button', { name: 'Demander un autre jour' })).toBeVisible();
    expect(await fitsWidth(linkPage)).toBe(true);
    // axe runs as a script: the same page, checked in a context that runs scripts.
    const checker = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
    const checked = await checker.newPage();
    await checked.goto(`${link.pathname}${link.search}`);
    await expect(checked.getByRole('heading', { level: 1 })).toHaveText('Votre rendez-vous');
    expect(await axeViolations(checked)).toEqual([]);
    await checker.close();

    // One tap cancels nothing: the page asks first.
    await linkPage.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    await expect(linkPage.getByText('Voulez-vous vraiment annuler ce rendez-vous ?')).toBeVisible();
    const { data: asked } = await serviceDb.from('requests').select('status').eq('id', id).single();
    expect(asked).toEqual({ status: 'rdv_confirme' });
    await linkPage.getByRole('button', { name: 'Oui, annuler le rendez-vous' }).click();
    await expect(linkPage.getByRole('status')).toHaveText(
      'Votre rendez-vous est annulé. Le garage est prévenu.',
    );
    await expect(linkPage.getByRole('button', { name: /Annuler le rendez-vous/ })).toHaveCount(0);
    const { data: after } = await serviceDb.from('requests').select('status').eq('id', id).single();
    expect(after).toEqual({ status: 'annulee' });
    await customer.close();
  });
});
