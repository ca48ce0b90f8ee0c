import type { SupabaseClient } from '@supabase/supabase-js';
import { useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { layoutProblems } from './layout-problems.ts';

/**
 * On a phone (390 px): the request page offers the job's next steps as buttons, says when the
 * customer was reminded the day before, and the inbox marks who was
 * (docs/decisions/077-reminders.md). Seeded with the service role, as the queue leaves a
 * reminder that went out.
 */

const session = useAdminSession('admin-request-steps');

async function seedReminded(db: SupabaseClient): Promise<string> {
  const { data, error } = await db
    .from('requests')
    .insert({
      name: 'Camille Martin',
      phone: '06 12 34 56 78',
      email: 'client@exemple.fr',
      vehicle_make: 'Peugeot',
      vehicle_model: '208',
      vehicle_year: 2017,
      service: 'Vidange',
      consent: true,
      status: 'rdv_confirme',
      appointment_date: '2030-03-15',
      appointment_moment: 'matin',
      appointment_time: '09:30',
      confirmed_at: '2030-03-10T10:00:00Z',
      reminded_at: '2030-03-14T17:00:00Z',
    })
    .select('id')
    .single();
  if (error) throw error;
  const id = (data as { id: string }).id;
  const mail = await db.from('request_mails').insert({
    request_id: id,
    kind: 'rappel',
    recipient: 'client',
    subject: 'Rappel : votre rendez-vous du vendredi 15 mars 2030',
    body: 'Bonjour Camille Martin,',
    status: 'envoye',
    attempts: 1,
    sent_at: '2030-03-14T17:00:05Z',
  });
  if (mail.error) throw mail.error;
  return id;
}

test.describe('Suivi d’une demande', () => {
  const clear = async ({ serviceDb }: { serviceDb: SupabaseClient }) => {
    const { error } = await serviceDb.from('requests').delete().not('id', 'is', null);
    if (error) throw error;
  };
  test.beforeEach(clear);
  test.afterEach(clear);

  test('the next steps as buttons, and who was reminded, on a phone', async ({
    browser,
    serviceDb,
  }) => {
    const id = await seedReminded(serviceDb);
    const page = await session.newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto('/admin/demandes');
    const row = page.locator('tbody tr', { hasText: 'Camille Martin' });
    await expect(row).toContainText('Rendez-vous confirmé');
    await expect(row).toContainText('Rappel envoyé');
    expect(await layoutProblems(page)).toEqual([]);

    await row.getByRole('link', { name: 'Camille Martin' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/demandes/${id}$`));
    await expect(page.getByText('Rappel envoyé le 14 mars 2030 à 18:00')).toBeVisible();
    const steps = page.getByRole('group', { name: 'Étape suivante' });
    await expect(steps.getByRole('button')).toHaveText(['Véhicule reçu', 'Non venu', 'Annulé']);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // One press per step; the status list follows, and the next steps with it.
    const status = page.getByLabel('Statut', { exact: true });
    await steps.getByRole('button', { name: 'Véhicule reçu' }).click();
    await expect(page.getByRole('article').getByRole('status')).toHaveText('Statut enregistré');
    await expect(status).toHaveValue('vehicule_recu');
    // The button pressed is gone: the focus is on « Statut », which reads the new status out.
    await expect(status).toBeFocused();
    await expect(steps.getByRole('button')).toHaveText(['Terminé']);
    await steps.getByRole('button', { name: 'Terminé' }).click();
    await expect(status).toHaveValue('terminee');
    await expect(steps.getByRole('button')).toHaveText(['Archiver']);

    // Kept: the inbox shows it done, the reminder still marked.
    await page.reload();
    await expect(page.getByLabel('Statut', { exact: true })).toHaveValue('terminee');
    await page.goto('/admin/demandes?statut=terminee');
    await expect(page.locator('tbody tr', { hasText: 'Camille Martin' })).toContainText(
      'Rappel envoyé',
    );
    await page.context().close();
  });

  test('a no-show is one press, and the request leaves the confirmed ones', async ({
    browser,
    serviceDb,
  }) => {
    const id = await seedReminded(serviceDb);
    const page = await session.newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/demandes/${id}`);
    await page
      .getByRole('group', { name: 'Étape suivante' })
      .getByRole('button', { name: 'Non venu' })
      .click();
    await expect(page.getByLabel('Statut', { exact: true })).toHaveValue('non_venu');
    await page.goto('/admin/demandes?statut=non_venu');
    await expect(page.locator('tbody tr th a')).toHaveText(['Camille Martin']);
    await page.context().close();
  });
});
