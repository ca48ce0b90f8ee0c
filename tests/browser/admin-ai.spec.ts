import type { Locator, Page } from '@playwright/test';
import { keyFor, STAND_IN_TITLE } from '../helpers/openai-stand-in.ts';
import { axeViolations } from './axe.ts';
import { expect, signIn, test } from './fixtures.ts';

/**
 * The AI article panel on /admin/blog against the real server, whose
 * OPENAI_BASE_URL is the stand-in started by global-setup: the key typed chooses its answer.
 */

// The message colours as the panel paints them (ai-article-panel.css).
const RED = 'rgb(180, 35, 24)';
const BLUE = 'rgb(15, 76, 129)';
const GREEN = 'rgb(26, 97, 49)';
const STORED_KEY = 'sk-browser-stored-key-9876';

const panelOf = (page: Page) => page.getByRole('region', { name: "Génération d'articles par IA" });

/** /admin/blog with its AI panel unfolded, as the owner opens it (it is folded under the list). */
async function openPanel(page: Page): Promise<void> {
  await page.goto('/admin/blog');
  await page.getByText('Générer des articles avec l’IA', { exact: true }).click();
  await expect(panelOf(page)).toBeVisible();
}

/** The page loaded again: the panel is folded again, and unfolded. */
async function reopenPanel(page: Page): Promise<void> {
  await page.reload();
  await page.getByText('Générer des articles avec l’IA', { exact: true }).click();
  await expect(panelOf(page)).toBeVisible();
}

const messageOf = (panel: Locator) => panel.getByRole('status');
const keyField = (panel: Locator) => panel.getByLabel('Clé API OpenAI', { exact: true });
const generateButton = (panel: Locator) => panel.locator('.ai-panel__generate');

async function expectMessage(panel: Locator, text: string, colour: string): Promise<void> {
  const message = messageOf(panel);
  await expect(message).toHaveText(text);
  await expect(message).toHaveCSS('color', colour);
}

test.describe('AI article generation panel', () => {
  test.beforeEach(async ({ page, server, adminDb }) => {
    const { error } = await adminDb.from('api_keys').delete().eq('name', 'openai');
    if (error) throw error;
    await signIn(page, server.admin.email, server.admin.password);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test.afterEach(async ({ adminDb }) => {
    // The drafts the stand-in's articles became, and the stored key.
    await adminDb.from('blog_posts').delete().is('published_at', null).eq('title', STAND_IN_TITLE);
    await adminDb
      .from('blog_posts')
      .delete()
      .is('published_at', null)
      .like('title', "Conseil d'atelier*");
    await adminDb.from('api_keys').delete().eq('name', 'openai');
  });

  test('without a stored key: the blue request for one, generate disabled', async ({ page }) => {
    await openPanel(page);
    const panel = panelOf(page);
    await expectMessage(panel, 'ℹ️ Veuillez entrer votre clé API OpenAI', BLUE);
    await expect(generateButton(panel)).toHaveText('Générer 4 article(s)');
    await expect(generateButton(panel)).toBeDisabled();
    await expect(panel.getByLabel('Modèle')).toHaveValue('gpt-4');
    await expect(panel.getByLabel("Nombre d'articles")).toHaveValue('4');
  });

  test('the key field hides and shows the key', async ({ page }) => {
    await openPanel(page);
    const panel = panelOf(page);
    await keyField(panel).fill('sk-visible-1234');
    await expect(keyField(panel)).toHaveAttribute('type', 'password');
    await panel.getByRole('button', { name: 'Afficher la clé' }).click();
    await expect(keyField(panel)).toHaveAttribute('type', 'text');
    await panel.getByRole('button', { name: 'Masquer la clé' }).click();
    await expect(keyField(panel)).toHaveAttribute('type', 'password');
  });

  test('saving: the sk- prefix is checked, then the key is stored and shown masked', async ({
    page,
    adminDb,
  }) => {
    await openPanel(page);
    const panel = panelOf(page);
    await keyField(panel).fill('pas-une-cle');
    await panel.getByRole('button', { name: 'Enregistrer la clé' }).click();
    await expectMessage(panel, '❌ Clé API OpenAI invalide. Elle doit commencer par "sk-"', RED);

    await keyField(panel).fill(STORED_KEY);
    await panel.getByRole('button', { name: 'Enregistrer la clé' }).click();
    await expectMessage(panel, '✅ Clé OpenAI enregistrée !', GREEN);
    await expect(panel).toContainText('sk-…9876');
    await expect(keyField(panel)).toHaveValue('');
    const { data } = await adminDb.from('api_keys').select('key').eq('name', 'openai').single();
    expect(data).toEqual({ key: STORED_KEY });
    // Only this success clears itself, after 3 seconds.
    await expect(messageOf(panel)).toHaveText('', { timeout: 5_000 });

    await reopenPanel(page);
    await expect(panelOf(page)).toContainText('sk-…9876');
    await expect(panelOf(page)).not.toContainText(STORED_KEY);
    await expect(generateButton(panelOf(page))).toBeEnabled();
  });

  test('a failed key read or save shows its red message', async ({ page }) => {
    await page.route('**/rest/v1/api_keys**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }),
    );
    await openPanel(page);
    const panel = panelOf(page);
    await expectMessage(panel, '❌ Erreur lors du chargement de la clé API', RED);
    await keyField(panel).fill('sk-will-not-save');
    await panel.getByRole('button', { name: 'Enregistrer la clé' }).click();
    await expectMessage(panel, '❌ Erreur lors de la sauvegarde de la clé', RED);
  });

  test('the model is kept across reloads; an invalid stored model is reset to gpt-4', async ({
    page,
  }) => {
    await openPanel(page);
    await panelOf(page).getByLabel('Modèle').selectOption('gpt-3.5-turbo');
    await reopenPanel(page);
    await expect(panelOf(page).getByLabel('Modèle')).toHaveValue('gpt-3.5-turbo');
    expect(await page.evaluate(() => localStorage.getItem('ai_model'))).toBe('gpt-3.5-turbo');

    await page.evaluate(() => localStorage.setItem('ai_model', 'gpt-5'));
    await reopenPanel(page);
    await expect(panelOf(page).getByLabel('Modèle')).toHaveValue('gpt-4');
    expect(await page.evaluate(() => localStorage.getItem('ai_model'))).toBeNull();
    // Nothing but the model is kept in the browser.
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((k) => !k.startsWith('sb-'))).toEqual([]);
  });

  test('a generation against the stand-in creates drafts and says so in green', async ({
    page,
    adminDb,
  }) => {
    await openPanel(page);
    const panel = panelOf(page);
    await panel.getByLabel('Modèle').selectOption('gpt-4-turbo');
    await panel.getByLabel("Nombre d'articles").fill('2');
    await expect(generateButton(panel)).toHaveText('Générer 2 article(s)');
    await keyField(panel).fill(keyFor('ok'));

    // Hold the answer a moment to see the generating state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/functions/v1/generate-articles', async (route) => {
      await held;
      await route.continue();
    });
    await generateButton(panel).click();
    await expect(generateButton(panel)).toHaveText('Génération...');
    await expect(generateButton(panel)).toBeDisabled();
    await expect(generateButton(panel).locator('.ai-panel__spinner')).toBeVisible();
    release();

    await expectMessage(panel, '✅ 2 article(s) généré(s) avec succès !', GREEN);
    await expect(generateButton(panel)).toHaveText('Générer 2 article(s)');
    const { data } = await adminDb
      .from('blog_posts')
      .select('slug, published_at, scheduled_at, image_url')
      .eq('title', STAND_IN_TITLE);
    expect(data).toHaveLength(2);
    expect(new Set(data!.map((p) => p.slug)).size).toBe(2);
    expect(data!.every((p) => p.published_at === null && p.scheduled_at === null)).toBe(true);
    expect(data!.every((p) => new URL(p.image_url as string).pathname.startsWith('/images/'))).toBe(
      true,
    );
  });

  test('a generation with the stored key, the field left empty', async ({ page, adminDb }) => {
    await adminDb.from('api_keys').upsert({ name: 'openai', key: STORED_KEY });
    await openPanel(page);
    const panel = panelOf(page);
    await expect(panel).toContainText('sk-…9876');
    await panel.getByLabel("Nombre d'articles").fill('1');
    await generateButton(panel).click();
    await expectMessage(panel, '✅ 1 article(s) généré(s) avec succès !', GREEN);
  });

  test('generation failures: a bad key, the server text, its status, no answer', async ({
    page,
  }) => {
    await openPanel(page);
    const panel = panelOf(page);

    await keyField(panel).fill('pas-une-cle');
    await generateButton(panel).click();
    await expectMessage(panel, 'Clé API OpenAI invalide ou manquante', RED);

    // The function's own French text (OpenAI refused the key).
    await keyField(panel).fill(keyFor('401'));
    await generateButton(panel).click();
    await expectMessage(
      panel,
      'Clé API OpenAI refusée par OpenAI (erreur 401) : vérifiez la clé saisie ou enregistrée.',
      RED,
    );
    await keyField(panel).fill(keyFor('429'));
    await generateButton(panel).click();
    await expect(messageOf(panel)).toHaveText(/^Quota OpenAI dépassé/);

    // An answer without a JSON error: its status.
    await page.route('**/functions/v1/generate-articles', (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' }),
    );
    await generateButton(panel).click();
    await expectMessage(panel, 'Erreur serveur: 502', RED);

    // No answer at all.
    await page.unroute('**/functions/v1/generate-articles');
    await page.route('**/functions/v1/generate-articles', (route) => route.abort());
    await generateButton(panel).click();
    await expectMessage(panel, 'Erreur lors de la génération', RED);
  });

  test('axe finds no violation on the panel, in each state', async ({ page }) => {
    const check = async () => expect(await axeViolations(page, '.ai-panel')).toEqual([]);
    await openPanel(page);
    const panel = panelOf(page);
    await expect(messageOf(panel)).toHaveText(/Veuillez entrer/);
    await check();
    await keyField(panel).fill('pas-une-cle');
    await panel.getByRole('button', { name: 'Enregistrer la clé' }).click();
    await expect(messageOf(panel)).toHaveText(/^❌/);
    await check();
    await keyField(panel).fill(keyFor('ok'));
    await panel.getByLabel("Nombre d'articles").fill('1');
    await generateButton(panel).click();
    await expect(messageOf(panel)).toHaveText(/^✅/);
    await check();
  });
});
