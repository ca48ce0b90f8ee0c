import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { mondayOf, weekTitle } from '../../src/admin/agenda/agenda-model.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { addDays } from '../../src/lib/hours/holidays.ts';
import { parisToday } from '../../src/lib/hours/paris-day.ts';
import { isOpen, weekdayDate } from '../../src/lib/hours/schedule.ts';
import { useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { layoutProblems } from './layout-problems.ts';

/**
 * « Agenda » (/admin/agenda) against the real server: next week's confirmed appointments by
 * half-day on a wide screen and on a phone, and the workshop's printable day sheet.
 */

const session = useAdminSession('admin-agenda');

const nextMonday = addDays(mondayOf(parisToday(Date.now())), 7);
/** Next week's first day the garage opens morning and afternoon with its default hours. */
const DAY = (() => {
  for (let date = nextMonday; ; date = addDays(date, 1))
    if (
      isOpen(DEFAULT_CONTENT.hours, date, 'matin') &&
      isOpen(DEFAULT_CONTENT.hours, date, 'apres-midi')
    )
      return date;
})();

const SEEDS = [
  {
    name: 'Camille Martin',
    status: 'rdv_confirme',
    moment: 'matin',
    time: '08:30',
    plate: 'AB-123-CD',
    note: 'Apporte ses pneus',
  },
  {
    name: 'Dominique Leroy',
    status: 'vehicule_recu',
    moment: 'matin',
    time: null,
    plate: 'EF-456-GH',
    note: null,
  },
  {
    name: 'Alex Petit',
    status: 'rdv_confirme',
    moment: 'apres-midi',
    time: '14:00',
    plate: null,
    note: null,
  },
  { name: 'Sacha Morel', status: 'annulee', moment: 'matin', time: null, plate: null, note: null },
];

async function seed(db: SupabaseClient): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const s of SEEDS) {
    const { data, error } = await db
      .from('requests')
      .insert({
        name: s.name,
        phone: '06 12 34 56 78',
        email: 'client@exemple.fr',
        vehicle_make: 'Peugeot',
        vehicle_model: '208',
        vehicle_year: 2017,
        plate: s.plate,
        service: 'Vidange',
        preferred_dates: [],
        consent: true,
        status: s.status,
        appointment_date: DAY,
        appointment_moment: s.moment,
        appointment_time: s.time,
        appointment_note: s.note,
        confirmed_at: new Date().toISOString(),
      })
      .select('id')
      .single();
    if (error) throw error;
    ids[s.name] = (data as { id: string }).id;
  }
  return ids;
}

const dayBox = (page: Page) =>
  page.getByRole('listitem').filter({
    has: page.getByRole('heading', { level: 3, name: weekdayDate(DAY) }),
  });

test.describe('Agenda', () => {
  const clear = async ({ serviceDb }: { serviceDb: SupabaseClient }) => {
    const { error } = await serviceDb.from('requests').delete().not('id', 'is', null);
    if (error) throw error;
  };
  test.beforeEach(clear);
  test.afterEach(clear);

  test('the week by half-day on a wide screen, from the navigation to a request', async ({
    browser,
    serviceDb,
  }) => {
    test.setTimeout(60_000);
    const ids = await seed(serviceDb);
    const page = await session.newPage(browser);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/admin');
    // The owner's home: this month's figures, counted by the database (the four seeded now, all
    // confirmed; nobody absent).
    const figures = page.getByRole('region', { name: /^Ce mois-ci/ });
    await expect(figures.getByRole('listitem')).toHaveText([
      /4\s*demandes reçues/,
      /4\s*rendez-vous confirmés/,
      /0\s*client non venu/,
    ]);
    await page
      .getByRole('navigation', { name: "Navigation de l'administration" })
      .getByRole('link', { name: 'Agenda' })
      .click();
    await expect(page).toHaveURL(/\/admin\/agenda$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agenda');
    await page.getByRole('link', { name: 'Semaine suivante →' }).click();
    await expect(page).toHaveURL(new RegExp(`semaine=${nextMonday}$`));

    const day = dayBox(page);
    const morning = day.getByRole('region', { name: `${weekdayDate(DAY)}, matin` });
    const afternoon = day.getByRole('region', { name: `${weekdayDate(DAY)}, après-midi` });
    await expect(morning.getByRole('heading', { level: 4 })).toHaveText(/Matin\s*2 \/ 3 véhicules/);
    await expect(afternoon.getByRole('heading', { level: 4 })).toHaveText(
      /Après-midi\s*1 \/ 3 véhicules/,
    );
    // The morning in order of time, those without one last; the cancelled one is not there.
    await expect(morning.getByRole('listitem')).toHaveText([
      /8 h 30 · Camille Martin.*Peugeot 208 \(2017\).*Vidange.*Rendez-vous confirmé/,
      /Dominique Leroy.*Véhicule reçu/,
    ]);
    await expect(page.getByText('Sacha Morel')).toHaveCount(0);
    // Saturday's afternoon and Sunday are closed with the default hours: Sunday is not shown.
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(6);

    expect(await axeViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);

    await morning.getByRole('link', { name: /Camille Martin/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/demandes/${ids['Camille Martin']}$`));
    await page.goBack();
    await page.getByRole('link', { name: 'Cette semaine' }).click();
    await expect(page).toHaveURL(/\/admin\/agenda$/);
    await expect(page.getByRole('heading', { name: /^Semaine du/ })).toHaveText(
      `Semaine du ${weekTitle(mondayOf(parisToday(Date.now())))}`,
    );
    await page.context().close();
  });

  test('a list by day on a phone, and the day sheet for the workshop', async ({
    browser,
    serviceDb,
  }) => {
    test.setTimeout(60_000);
    await seed(serviceDb);
    const page = await session.newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/agenda?semaine=${DAY}`);
    const day = dayBox(page);
    await expect(day.getByText('Camille Martin')).toBeVisible();
    // One day under another, each the page's width.
    const boxes = await page
      .locator('.agenda-day')
      .evaluateAll((items) =>
        items
          .map((item) => item.getBoundingClientRect())
          .map((r) => ({ x: r.x, y: r.y, w: r.width })),
      );
    expect(boxes.length).toBeGreaterThanOrEqual(6);
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i]!.x).toBe(boxes[0]!.x);
      expect(boxes[i]!.y).toBeGreaterThan(boxes[i - 1]!.y);
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);

    await day.getByRole('link', { name: 'Imprimer la journée' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/agenda/jour/${DAY}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Journée du ${weekdayDate(DAY)}`,
    );
    const morning = page.getByRole('table').first();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Matin : 2 véhicules',
      'Après-midi : 1 véhicule',
    ]);
    await expect(morning.getByRole('row')).toHaveText([
      /Heure.*Immatriculation.*Véhicule.*Prestation.*Client.*Téléphone.*Note/,
      /8 h 30.*AB-123-CD.*Peugeot 208 \(2017\).*Vidange.*Camille Martin.*06 12 34 56 78.*Apporte ses pneus/,
      /EF-456-GH.*Dominique Leroy \(véhicule reçu\)/,
    ]);
    expect(await axeViolations(page)).toEqual([]);
    // On paper: the sheet alone, without its buttons, nothing wider than the page.
    await page.setViewportSize({ width: 1000, height: 1400 });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Imprimer' })).toBeHidden();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    expect(await layoutProblems(page)).toEqual([]);
    await page.context().close();
  });
});
