import type { SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { layoutProblems } from './layout-problems.ts';

/**
 * Replies from templates (docs/decisions/079-replies-from-templates.md), on a phone's width: the
 * owner answers a request from a template, reads it filled, edits it and sends it; a failed send
 * keeps the text. The test server has no SMTP_URL: the reply waits in the queue, as the page says.
 */

const session = useAdminSession('admin-replies');
const PHONE = { width: 390, height: 844 };

async function seed(db: SupabaseClient, email: string | null): Promise<string> {
  const { data, error } = await db
    .from('requests')
    .insert({
      name: email ? 'Camille Martin' : 'Alex Petit',
      phone: '06 12 34 56 78',
      email,
      vehicle_make: 'Peugeot',
      vehicle_model: '208',
      vehicle_year: 2017,
      service: 'Vidange',
      consent: true,
      status: 'rdv_confirme',
      appointment_date: '2026-12-01',
      appointment_moment: 'matin',
    })
    .select('id')
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

test.describe('Réponses', () => {
  const clear = async ({ serviceDb }: { serviceDb: SupabaseClient }) => {
    const { error } = await serviceDb.from('requests').delete().not('id', 'is', null);
    if (error) throw error;
    // The panel's test saves as the owner types: every test starts from the default templates.
    const templates = await serviceDb
      .from('site_content')
      .upsert({ type: 'replies', content: DEFAULT_CONTENT.replies });
    if (templates.error) throw templates.error;
  };
  test.beforeEach(clear);
  test.afterEach(clear);

  test('replying to a request with a template, on a phone', async ({ browser, serviceDb }) => {
    test.setTimeout(60_000);
    const id = await seed(serviceDb, 'camille@exemple.fr');
    const page = await session.newPage(browser);
    await page.setViewportSize(PHONE);
    await page.goto(`/admin/demandes/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demande de Camille Martin');
    await expect(page.getByRole('link', { name: 'Répondre avec ma messagerie' })).toHaveAttribute(
      'href',
      /^mailto:camille@exemple\.fr\?/,
    );

    const answer = page.getByRole('button', { name: 'Répondre', exact: true });
    const reply = page.getByRole('form', { name: 'Réponse au client' });
    // Closed, the form gives the focus back to « Répondre ».
    await answer.click();
    await reply.getByRole('button', { name: 'Fermer' }).click();
    await expect(reply).toBeHidden();
    await expect(answer).toBeFocused();
    await answer.click();
    await reply.getByLabel('Modèle').selectOption({ label: 'Votre rendez-vous est confirmé' });
    const body = reply.getByLabel('Texte', { exact: true });
    await expect(body).toHaveValue(
      /Votre rendez-vous pour votre Peugeot 208 \(2017\) est confirmé : mardi 1 décembre 2026, le matin\./,
    );
    await expect(body).not.toHaveValue(/\[/);
    await expect(reply.getByLabel('Objet')).toHaveValue(/^Votre rendez-vous est confirmé – /);
    await body.fill(`${await body.inputValue()}\n\nPensez à apporter le carnet d'entretien.`);
    expect(await layoutProblems(page, { fieldValues: false })).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // The server refuses: said, and the text stays as typed.
    await page.route('**/rest/v1/rpc/queue_reply', (route) =>
      route.fulfill({ status: 503, body: '{}' }),
    );
    await reply.getByRole('button', { name: 'Envoyer la réponse' }).click();
    await expect(reply.getByRole('alert')).toContainText('La réponse n’a pas été envoyée');
    await expect(reply.getByRole('alert')).toContainText('Votre texte est conservé');
    await expect(body).toHaveValue(/Pensez à apporter le carnet d'entretien\.$/);

    await page.unroute('**/rest/v1/rpc/queue_reply');
    await reply.getByRole('button', { name: 'Envoyer la réponse' }).click();
    await expect(page.getByRole('article').getByRole('status')).toContainText(
      'Réponse enregistrée : elle partira vers camille@exemple.fr',
    );
    await expect(reply).toBeHidden();
    await expect(answer).toBeFocused();

    // The request keeps the reply, its state and its text.
    const mails = page.getByRole('region', { name: 'E-mails' });
    await expect(mails).toContainText('Réponse au client « Votre rendez-vous est confirmé – ');
    await expect(mails).toContainText('En attente');
    await mails.getByText('Texte de l’e-mail').click();
    await expect(mails).toContainText("Pensez à apporter le carnet d'entretien.");
    expect(await layoutProblems(page, { fieldValues: false })).toEqual([]);
  });

  test('a request without e-mail says why it cannot be answered by mail', async ({
    browser,
    serviceDb,
  }) => {
    const id = await seed(serviceDb, null);
    const page = await session.newPage(browser);
    await page.setViewportSize(PHONE);
    await page.goto(`/admin/demandes/${id}`);
    const button = page.getByRole('button', { name: 'Répondre', exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(
      'Pas d’adresse e-mail dans cette demande : appelez le client.',
    );
  });

  test('the templates panel inserts markers and refuses an unknown one', async ({ browser }) => {
    const page = await session.newPage(browser);
    await page.setViewportSize(PHONE);
    await page.goto('/admin/modeles-reponse');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Modèles de réponse');
    const body = page.getByLabel("Texte de l'e-mail").first();
    await body.fill('Bonjour ');
    await page
      .getByRole('group', { name: "Insérer un marqueur dans « Texte de l'e-mail »" })
      .first()
      .getByRole('button', { name: '[nom du client]' })
      .click();
    await expect(body).toHaveValue('Bonjour [nom du client]');
    await body.fill('Bonjour [prénom du client]');
    await body.blur();
    await expect(
      page.getByText(/« Texte de l'e-mail » contient un marqueur inconnu/).first(),
    ).toBeVisible();
    expect(await layoutProblems(page, { fieldValues: false })).toEqual([]);
  });
});
