import type { Locator } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * « Demandes » (/admin/demandes) against the real server: requests seeded with the service role,
 * handled by the administrator in the inbox. The test server has no SMTP_URL: notifications are off.
 */

const session = useAdminSession('admin-requests');

const MINUTE = 60_000;

interface Seed {
  name: string;
  status?: string;
  /** Minutes ago. */
  age: number;
  failed?: boolean;
}

const SEEDS: Seed[] = [
  { name: 'Camille Martin', age: 5 },
  { name: 'Dominique Leroy', age: 30, failed: true },
  { name: 'Alex Petit', age: 90 },
  { name: 'Sacha Morel', age: 600, status: 'terminee' },
];

async function seed(db: SupabaseClient): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const s of SEEDS) {
    const { data, error } = await db
      .from('requests')
      .insert({
        created_at: new Date(Date.now() - s.age * MINUTE).toISOString(),
        name: s.name,
        phone: '06 12 34 56 78',
        email: 'client@exemple.fr',
        vehicle_make: 'Peugeot',
        vehicle_model: '208',
        vehicle_year: 2017,
        plate: 'AB-123-CD',
        service: 'Vidange',
        preferred_dates: [{ date: '2026-12-01', moment: 'matin' }],
        message: 'Bruit au freinage.',
        consent: true,
        status: s.status ?? 'nouvelle',
      })
      .select('id')
      .single();
    if (error) throw error;
    const id = (data as { id: string }).id;
    ids[s.name] = id;
    const mail = await db.from('request_mails').insert({
      request_id: id,
      kind: 'proprietaire',
      ...(s.failed ? { status: 'echec', attempts: 6, last_error: 'Connexion refusée' } : {}),
    });
    if (mail.error) throw mail.error;
  }
  return ids;
}

test.describe('Demandes', () => {
  const clear = async ({ serviceDb }: { serviceDb: SupabaseClient }) => {
    const { error } = await serviceDb.from('requests').delete().not('id', 'is', null);
    if (error) throw error;
  };
  test.beforeEach(clear);
  test.afterEach(clear);

  test('the inbox, a request handled from its detail, then deleted', async ({
    browser,
    serviceDb,
  }) => {
    test.setTimeout(60_000);
    await seed(serviceDb);
    const { data: identity } = await serviceDb
      .from('site_content')
      .select('content')
      .eq('type', 'identity')
      .single();
    const garage = (identity as { content: { name: string } }).content.name;

    const page = await session.newPage(browser);
    await page.goto('/admin/demandes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demandes');
    const nav = page.getByRole('navigation', { name: "Navigation de l'administration" });
    await expect(nav.getByRole('link', { name: /^Demandes/ })).toHaveAccessibleName(
      'Demandes (3 nouvelles demandes)',
    );

    // Without SMTP on the server: said, with how to turn notifications on.
    const notice = page.getByRole('note');
    await expect(notice).toContainText('Les notifications par e-mail sont désactivées.');
    await expect(notice).toContainText('SMTP_URL');
    await expect(notice).toContainText('NOTIFY_EMAIL');

    // Newest first; the failed notification is marked.
    const rows = page.locator('tbody tr');
    await expect(rows.locator('th a')).toHaveText(SEEDS.map((s) => s.name));
    await expect(rows.nth(1)).toContainText('Notification non envoyée');
    await expect(rows.nth(0)).not.toContainText('Notification non envoyée');
    await expect(rows.nth(0)).toContainText('Peugeot 208 (2017)');
    expect(await axeViolations(page)).toEqual([]);

    // The filter, from the keyboard.
    const filter = page.getByLabel('Statut', { exact: true });
    await filter.focus();
    await filter.selectOption({ label: 'Terminées' });
    await expect(page).toHaveURL(/statut=terminee/);
    await expect(rows.locator('th a')).toHaveText(['Sacha Morel']);
    await filter.selectOption({ label: 'Archivées' });
    await expect(page.getByText('Aucune demande avec ce statut.')).toBeVisible();
    await filter.selectOption({ label: 'Toutes' });
    await expect(rows).toHaveCount(SEEDS.length);

    // The detail of the one whose notification failed.
    await page.getByRole('link', { name: 'Dominique Leroy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demande de Dominique Leroy');
    await expect(page.getByRole('link', { name: 'Appeler' })).toHaveAttribute(
      'href',
      'tel:0612345678',
    );
    // The garage's name comes with its identity, read beside the request: the link gains it.
    const replyLink = page.getByRole('link', { name: 'Répondre avec ma messagerie' });
    const mailto = async () => new URL((await replyLink.getAttribute('href'))!);
    await expect
      .poll(async () => (await mailto()).searchParams.get('subject'))
      .toBe(`Votre demande de devis – ${garage}`);
    expect((await mailto()).pathname).toBe('client@exemple.fr');
    await expect(page.getByText('mardi 1 décembre 2026, le matin')).toBeVisible();
    await expect(page.getByText('AB-123-CD')).toBeVisible();
    await expect(page.getByText('Bruit au freinage.')).toBeVisible();
    const mails = page.getByRole('region', { name: 'E-mails' });
    await expect(mails).toContainText('Notification au garage : Échec après 6 essais');
    await expect(mails).toContainText('Dernière erreur : Connexion refusée');
    expect(await axeViolations(page)).toEqual([]);

    // The status: saved, and the badge follows.
    await page.getByLabel('Statut', { exact: true }).selectOption({ label: 'À rappeler' });
    await expect(page.getByRole('article').getByRole('status')).toHaveText('Statut enregistré');
    await expect(nav.getByRole('link', { name: /^Demandes/ })).toHaveAccessibleName(
      'Demandes (2 nouvelles demandes)',
    );

    // The private note: a failed save says so and keeps the text; then it is saved and kept.
    const note = page.getByLabel(/Note privée/);
    await note.fill('Rappeler jeudi pour le devis.');
    await page.route('**/rest/v1/requests?**', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 503, body: '{}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Enregistrer la note' }).click();
    await expect(page.getByRole('article').getByRole('alert')).toContainText(
      "La note n'a pas été enregistrée",
    );
    await expect(note).toHaveValue('Rappeler jeudi pour le devis.');
    await page.unroute('**/rest/v1/requests?**');
    await page.getByRole('button', { name: 'Enregistrer la note' }).click();
    await expect(page.getByRole('article').getByRole('status')).toHaveText('Note enregistrée');
    await page.reload();
    await expect(page.getByLabel(/Note privée/)).toHaveValue('Rappeler jeudi pour le devis.');
    await expect(page.getByLabel('Statut', { exact: true })).toHaveValue('a_rappeler');

    // Deleted at once, after a confirmation.
    await page.getByRole('button', { name: 'Supprimer la demande' }).click();
    const confirm = page.getByRole('alertdialog', {
      name: 'Supprimer définitivement cette demande ?',
    });
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect(page).toHaveURL(/\/admin\/demandes$/);
    await expect(page.getByRole('status').filter({ hasText: 'Demande supprimée' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Demandes' })).toBeFocused();
    await expect(rows.locator('th a')).toHaveText(['Camille Martin', 'Alex Petit', 'Sacha Morel']);

    // The owner's home page counts the new ones, with the way to them.
    await page.goto('/admin');
    await expect(page.getByText('2 nouvelles demandes', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Voir les demandes' }).click();
    await expect(page).toHaveURL(/\/admin\/demandes\?statut=nouvelle$/);
    await expect(rows.locator('th a')).toHaveText(['Camille Martin', 'Alex Petit']);
    await page.context().close();
  });

  test('the status and the note look like the content editors’ fields', async ({
    browser,
    serviceDb,
  }) => {
    const ids = await seed(serviceDb);
    const page = await session.newPage(browser);
    const look = (control: Locator) =>
      control.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
          radius: style.borderTopLeftRadius,
          padding: `${style.paddingTop} ${style.paddingLeft}`,
          font: `${style.fontSize} ${style.fontFamily}`,
          background: style.backgroundColor,
          color: style.color,
        };
      });
    // A field of a content editor, as the owner knows them.
    await page.goto('/admin/identity');
    const editorField = await look(page.locator('input.editor-input[type="text"]').first());
    const editorLabel = await page
      .locator('.editor-field__label')
      .first()
      .evaluate((label) => getComputedStyle(label).fontWeight);

    await page.goto(`/admin/demandes/${ids['Camille Martin']}`);
    const status = page.getByLabel('Statut', { exact: true });
    const note = page.getByLabel(/Note privée/);
    expect(await look(status)).toEqual(editorField);
    expect(await look(note)).toEqual(editorField);
    for (const label of [
      page.getByText('Statut', { exact: true }),
      page.getByText(/^Note privée/),
    ]) {
      expect(await label.evaluate((node) => getComputedStyle(node).fontWeight)).toBe(editorLabel);
    }
    await page.context().close();
  });

  test('an empty inbox says so', async ({ browser }) => {
    const page = await session.newPage(browser);
    await page.goto('/admin/demandes');
    await expect(page.getByText(/Aucune demande pour l’instant/)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Demandes/ })).toHaveAccessibleName('Demandes');
    await page.context().close();
  });
});
