import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { AppointmentsContent } from '../../src/content/generated/types.ts';
import { expect, test } from './fixtures.ts';
import { startEachTestWith, useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { layoutProblems, sidewaysScrollers } from './layout-problems.ts';

// « Rendez-vous » (/admin/appointments): the owner says, on a phone, how many vehicles the
// workshop takes each half-day of the week; the request form then offers the half-days accordingly.

const SAVED = 'Les modifications ont été enregistrées avec succès.';
const START: AppointmentsContent = DEFAULT_CONTENT.appointments;

const session = useAdminSession('admin-appointments');

const appointmentsRow = startEachTestWith(session.apiHeaders, {
  type: 'appointments',
  start: START,
  path: '/admin/appointments',
});

test('on a 390 px phone, the owner opens Saturday afternoons and the week stays one table', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/appointments');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rendez-vous');
  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader')).toHaveText([
    'Lundi',
    'Mardi',
    'Mercredi',
    'Jeudi',
    'Vendredi',
    'Samedi',
    'Dimanche',
  ]);
  await expect(table.getByRole('columnheader')).toHaveText(['Matin', 'Après-midi']);
  const saturdayAfternoon = page.getByRole('spinbutton', { name: 'Samedi Après-midi' });
  await expect(saturdayAfternoon).toHaveValue('0');
  const box = await saturdayAfternoon.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect([
    ...(await layoutProblems(page, { fieldValues: false })),
    ...(await sidewaysScrollers(page)),
  ]).toEqual([]);

  await saturdayAfternoon.fill('2');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').getByText(SAVED)).toBeVisible();
  expect((await appointmentsRow.stored(request))?.capacity.samedi).toEqual({
    matin: 2,
    'apres-midi': 2,
  });
  expect(await axeViolations(page)).toEqual([]);
});

test('a number out of bounds is refused in French next to its day, and nothing is saved', async ({
  page,
  request,
}) => {
  const monday = page.getByRole('spinbutton', { name: 'Lundi Matin' });
  await monday.fill('99');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(monday).toHaveAttribute('aria-invalid', 'true');
  await expect(monday).toHaveAccessibleDescription(/^Lundi, matin : .*50/);
  expect((await appointmentsRow.stored(request))?.capacity.lundi).toEqual(START.capacity.lundi);
});
