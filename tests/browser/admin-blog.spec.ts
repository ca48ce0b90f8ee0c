import type { Locator, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { fromParis, toParis } from '../helpers/paris-time.ts';
import { useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { useTaggedPosts } from './tagged-posts.ts';

/**
 * 'Gestion du Blog' (/admin/blog) against the real server: the owner's journeys
 * through the form, the list, the filter and the confirmation; what the public blog then shows.
 */

const session = useAdminSession('admin-blog');
const IMAGE = 'https://images.example.com/garage/revision.jpg';

// Each test's posts carry a tag of their own in their title (tagged-posts.ts).
let tag = '';
useTaggedPosts((t) => (tag = t));

const PARIS_DATE = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});
const PARIS_TIME = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/Paris',
});

const formOf = (page: Page, name: 'Nouvel article' | "Modifier l'article") =>
  page.getByRole('region', { name, exact: true });
const rowOf = (page: Page, title: string) =>
  page
    .locator('.blog-admin__posts > li')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const statusOf = (row: Locator) => row.locator('.blog-admin__status');
const successMessage = (page: Page) => page.locator('.blog-admin__messages [role="status"]');
const errorMessage = (page: Page) => page.locator('.blog-admin__messages [role="alert"]');

/** The cover's address box, in the cover's group (which also offers to send a photo). */
const coverAddress = (form: Locator) =>
  form
    .getByRole('group', { name: 'Image de couverture' })
    .getByRole('textbox', { name: 'Adresse de l’image' });

async function fillPost(
  form: Locator,
  post: { title: string; content?: string; excerpt?: string; image?: string },
): Promise<void> {
  await form.getByRole('textbox', { name: 'Titre', exact: true }).fill(post.title);
  await form
    .getByRole('textbox', { name: 'Contenu', exact: true })
    .fill(post.content ?? 'Premier paragraphe.');
  await form
    .getByRole('textbox', { name: 'Résumé', exact: true })
    .fill(post.excerpt ?? 'Un résumé.');
  await coverAddress(form).fill(post.image ?? IMAGE);
}

interface SeedPost {
  title: string;
  published_at?: string | null;
  scheduled_at?: string | null;
}

async function seed(db: SupabaseClient, posts: SeedPost[]): Promise<void> {
  const { error } = await db.from('blog_posts').insert(
    posts.map((post, index) => ({
      content: 'Contenu',
      excerpt: 'Résumé',
      image_url: IMAGE,
      published_at: null,
      scheduled_at: null,
      ...post,
      slug: `test-admin-blog-${tag}-${index}`,
    })),
  );
  if (error) throw error;
}

/** The admin list's requests: a page of posts (offset and limit), not the read of one post. */
const isListRequest = (url: URL) =>
  url.pathname === '/rest/v1/blog_posts' && url.searchParams.has('limit');

async function storedPost(db: SupabaseClient, title: string) {
  const { data, error } = await db
    .from('blog_posts')
    .select('id, slug, published_at, scheduled_at')
    .eq('title', title);
  if (error) throw error;
  return data as {
    id: string;
    slug: string;
    published_at: string | null;
    scheduled_at: string | null;
  }[];
}

test('create a draft, edit it, publish it now, and see it on /blog', async ({
  page,
  serviceDb,
}) => {
  await page.goto('/admin/blog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestion du Blog');
  // The AI panel is on the page, folded away.
  await expect(page.getByText('Générer des articles avec l’IA', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: "Génération d'articles par IA" })).toBeHidden();

  const toggle = page.getByRole('button', { name: 'Nouvel Article' });
  await toggle.click();
  const form = formOf(page, 'Nouvel article');
  await expect(form).toBeVisible();
  // The text is written with its toolbar (docs/decisions/068-toolbar-editor.md).
  await expect(form.getByRole('textbox', { name: 'Contenu', exact: true })).toHaveAttribute(
    'aria-multiline',
    'true',
  );
  await expect(form.getByRole('toolbar', { name: 'Mise en forme' }).getByRole('button')).toHaveText(
    ['Gras', 'Italique', 'Titre', 'Liste', 'Lien', 'Photo'],
  );
  await expect(form.getByRole('textbox', { name: 'Résumé', exact: true })).toHaveAttribute(
    'rows',
    '2',
  );
  // One publishing choice, a draft unless the owner picks another.
  const publication = form.getByRole('group', { name: 'Publication' });
  await expect(publication.getByRole('radio')).toHaveCount(3);
  await expect(publication.getByRole('radio', { name: 'Brouillon' })).toBeChecked();
  await expect(publication.getByRole('radio', { name: 'Publier maintenant' })).not.toBeChecked();
  await expect(publication.getByRole('radio', { name: 'Programmer' })).not.toBeChecked();

  // 'Nouvel Article' toggles the form.
  await toggle.click();
  await expect(form).toHaveCount(0);
  await toggle.click();

  // The schema's rules, in French.
  await coverAddress(form).fill('pas une adresse');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Ce champ est obligatoire.')).toHaveCount(3);
  await expect(
    form.getByText('Saisissez une adresse web (https://…) ou un chemin commençant par /.'),
  ).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Titre', exact: true })).toBeFocused();

  const title = `Révision d'été : l'œuvre du garage ${tag}`;
  await fillPost(form, { title });
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(successMessage(page)).toHaveText('Article enregistré avec succès');
  await expect(form).toHaveCount(0);

  const row = rowOf(page, title);
  await expect(statusOf(row)).toHaveText('Brouillon');
  const slug = `revision-d-ete-l-oeuvre-du-garage-${tag}`;
  await expect(row).toContainText(`/blog/${slug}`);
  const [stored] = await storedPost(serviceDb, title);
  expect(stored).toMatchObject({ slug, published_at: null, scheduled_at: null });

  // Edit: the form is pre-filled, and the slug stays.
  await row.getByRole('button', { name: 'Modifier' }).click();
  const editForm = formOf(page, "Modifier l'article");
  await expect(editForm.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(title);
  await expect(coverAddress(editForm)).toHaveValue(IMAGE);
  const edited = `Révision complète ${tag}`;
  await editForm.getByRole('textbox', { name: 'Titre', exact: true }).fill(edited);
  await editForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(successMessage(page)).toHaveText('Article enregistré avec succès');
  const editedRow = rowOf(page, edited);
  await expect(editedRow).toContainText(`/blog/${slug}`);
  expect(await storedPost(serviceDb, edited)).toEqual([
    expect.objectContaining({ id: stored!.id, slug, published_at: null }),
  ]);

  // Cancel, once the owner confirms leaving the typed text, closes the form without saving.
  await editedRow.getByRole('button', { name: 'Modifier' }).click();
  await formOf(page, "Modifier l'article")
    .getByRole('textbox', { name: 'Titre', exact: true })
    .fill('Autre');
  await formOf(page, "Modifier l'article").getByRole('button', { name: 'Annuler' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
  await leave.getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(
    formOf(page, "Modifier l'article").getByRole('textbox', { name: 'Titre', exact: true }),
  ).toHaveValue('Autre');
  await formOf(page, "Modifier l'article").getByRole('button', { name: 'Annuler' }).click();
  await leave.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(formOf(page, "Modifier l'article")).toHaveCount(0);
  await expect(editedRow).toBeVisible();

  // Publish now.
  const before = Date.now();
  await editedRow.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(successMessage(page)).toHaveText('Article publié avec succès !');
  await expect(statusOf(editedRow)).toHaveText(`Publié le ${PARIS_DATE.format(new Date())}`);
  await expect(editedRow.getByRole('button', { name: 'Publier maintenant' })).toHaveCount(0);
  // The button pressed is gone: the focus is on the list's title.
  await expect(page.getByRole('heading', { name: 'Articles', exact: true })).toBeFocused();
  const [published] = await storedPost(serviceDb, edited);
  const publishedAt = new Date(published!.published_at!).getTime();
  expect(publishedAt).toBeGreaterThanOrEqual(before - 5_000);
  expect(publishedAt).toBeLessThanOrEqual(Date.now() + 5_000);

  // The public blog lists it.
  await page.goto('/blog');
  await expect(page.getByRole('link', { name: new RegExp(edited) }).first()).toBeVisible();
});

test('a post scheduled a minute ago is published by the system and shows on /blog', async ({
  page,
  serviceDb,
}) => {
  // The time typed is Paris time, whatever the browser's zone.
  const due = toParis(new Date(Date.now() - 60_000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const typed = `${due.y}-${pad(due.m)}-${pad(due.d)}T${pad(due.h)}:${pad(due.mi)}`;
  const expectedIso = fromParis(due.y, due.m, due.d, due.h, due.mi).toISOString();

  await page.goto('/admin/blog');
  await page.getByRole('button', { name: 'Nouvel Article' }).click();
  const form = formOf(page, 'Nouvel article');
  const title = `Programmé dans le passé ${tag}`;
  await fillPost(form, { title });
  await form.getByRole('radio', { name: 'Programmer' }).check();
  // Programming asks for its date and time first.
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  const when = form.getByLabel('Date et heure de publication');
  await expect(form.getByText('Choisissez la date et l’heure de publication.')).toBeVisible();
  await expect(when).toBeFocused();
  expect(await storedPost(serviceDb, title)).toEqual([]);
  await when.fill(typed);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(successMessage(page)).toHaveText('Article enregistré avec succès');

  const [stored] = await storedPost(serviceDb, title);
  expect(new Date(stored!.scheduled_at!).toISOString()).toBe(expectedIso);

  // The server's timer publishes it with its scheduled date.
  await expect
    .poll(async () => (await storedPost(serviceDb, title))[0]?.published_at ?? null, {
      timeout: 15_000,
    })
    .not.toBeNull();
  const [published] = await storedPost(serviceDb, title);
  expect(new Date(published!.published_at!).toISOString()).toBe(expectedIso);

  await page.getByRole('button', { name: 'Recharger la liste' }).click();
  await expect(statusOf(rowOf(page, title))).toHaveText(
    `Publié le ${PARIS_DATE.format(new Date(expectedIso))}`,
  );
  await page.goto('/blog');
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
});

test('delete asks for confirmation', async ({ page, serviceDb }) => {
  const title = `À supprimer ${tag}`;
  await seed(serviceDb, [{ title }]);
  await page.goto('/admin/blog');
  const row = rowOf(page, title);
  const deleteButton = row.getByRole('button', { name: 'Supprimer' });

  await deleteButton.click();
  const dialog = page.getByRole('alertdialog', { name: "Supprimer l'article" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Êtes-vous sûr de vouloir supprimer cet article ?');
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();

  // Cancel, then Escape: nothing is deleted, and focus comes back.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  expect(await storedPost(serviceDb, title)).toHaveLength(1);

  // Confirm.
  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(successMessage(page)).toHaveText('Article supprimé avec succès');
  await expect(row).toHaveCount(0);
  expect(await storedPost(serviceDb, title)).toHaveLength(0);
});

test('the filter: all, published only, drafts only (scheduled included)', async ({
  page,
  serviceDb,
}) => {
  const publishedAt = '2026-01-10T09:00:00.000Z';
  const scheduledAt = new Date(Date.now() + 3 * 86_400_000);
  scheduledAt.setUTCSeconds(0, 0);
  const published = `Filtre publié ${tag}`;
  const scheduled = `Filtre programmé ${tag}`;
  const draft = `Filtre brouillon ${tag}`;
  await seed(serviceDb, [
    { title: published, published_at: publishedAt },
    { title: scheduled, scheduled_at: scheduledAt.toISOString() },
    { title: draft },
  ]);

  await page.goto('/admin/blog');
  const filter = page.getByLabel('Filtrer les articles');
  await expect(filter).toHaveValue('all');
  const scheduledLabel = `Programmé pour le ${PARIS_DATE.format(scheduledAt)} à ${PARIS_TIME.format(scheduledAt)}`;
  await expect(statusOf(rowOf(page, published))).toHaveText('Publié le 10 janvier 2026');
  await expect(statusOf(rowOf(page, scheduled))).toHaveText(scheduledLabel);
  await expect(statusOf(rowOf(page, draft))).toHaveText('Brouillon');
  await expect(
    rowOf(page, published).getByRole('button', { name: 'Publier maintenant' }),
  ).toHaveCount(0);
  await expect(
    rowOf(page, scheduled).getByRole('button', { name: 'Publier maintenant' }),
  ).toHaveCount(1);

  await filter.selectOption({ label: 'Publiés uniquement' });
  await expect(rowOf(page, published)).toBeVisible();
  await expect(rowOf(page, scheduled)).toHaveCount(0);
  await expect(rowOf(page, draft)).toHaveCount(0);

  await filter.selectOption({ label: 'Brouillons uniquement' });
  await expect(rowOf(page, published)).toHaveCount(0);
  await expect(statusOf(rowOf(page, scheduled))).toHaveText(scheduledLabel);
  await expect(statusOf(rowOf(page, draft))).toHaveText('Brouillon');

  await filter.selectOption({ label: 'Tous' });
  await expect(page.locator('.blog-admin__posts > li').filter({ hasText: tag })).toHaveCount(3);

  // Nothing to show for a filter.
  await page.route(isListRequest, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'Content-Range': '*/0' },
      body: '[]',
    }),
  );
  await page.getByRole('button', { name: 'Recharger la liste' }).click();
  await expect(page.getByText('Aucun article trouvé pour ce filtre')).toBeVisible();
});

/** What a failure without a known cause says to do (src/admin/errors/french-error.ts). */
const UNEXPECTED =
  "Une erreur inattendue s'est produite. Réessayez ; si cela continue, rechargez la page.";

test('every failure shows its message', async ({ page, serviceDb }) => {
  const title = `Échecs ${tag}`;
  await seed(serviceDb, [{ title }]);
  await page.goto('/admin/blog');
  const row = rowOf(page, title);
  await expect(row).toBeVisible();

  const failing = { status: 500, contentType: 'application/json', body: '{"message":"panne"}' };
  await page.route('**/rest/v1/blog_posts**', (route) =>
    route.request().method() === 'GET' ? route.fallback() : route.fulfill(failing),
  );

  await row.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(errorMessage(page)).toHaveText(
    `Erreur lors de la publication de l'article. ${UNEXPECTED}`,
  );

  await row.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(errorMessage(page)).toHaveText(
    `Erreur lors de la suppression de l'article. ${UNEXPECTED}`,
  );

  await row.getByRole('button', { name: 'Modifier' }).click();
  const form = formOf(page, "Modifier l'article");
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(errorMessage(page)).toHaveText(
    `Erreur lors de l'enregistrement de l'article. ${UNEXPECTED}`,
  );
  // The form stays open with what was typed.
  await expect(form.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(title);
  expect(await storedPost(serviceDb, title)).toEqual([
    expect.objectContaining({ published_at: null }),
  ]);

  await page.route(isListRequest, (route) => route.fulfill(failing));
  await page.getByRole('button', { name: 'Recharger la liste' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Erreur lors du chargement des articles' }),
  ).toBeVisible();
});

test('has no axe violations (WCAG 2.0–2.2 A and AA): list, form and dialog', async ({
  browser,
  serviceDb,
}) => {
  await seed(serviceDb, [
    { title: `Axe publié ${tag}`, published_at: '2026-01-10T09:00:00.000Z' },
    {
      title: `Axe programmé ${tag}`,
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
    { title: `Axe brouillon ${tag}` },
  ]);
  const page = await session.newPage(browser);
  try {
    await page.goto('/admin/blog');
    await expect(rowOf(page, `Axe brouillon ${tag}`)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByText('Générer des articles avec l’IA', { exact: true }).click();
    await expect(page.getByRole('region', { name: "Génération d'articles par IA" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Nouvel Article' }).click();
    const form = formOf(page, 'Nouvel article');
    await form.getByRole('radio', { name: 'Programmer' }).check();
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form.getByText('Ce champ est obligatoire.').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await rowOf(page, `Axe brouillon ${tag}`).getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await page.context().close();
  }
});

test('« Publier maintenant » in the form publishes; a published post opens as it is', async ({
  page,
  serviceDb,
}) => {
  await page.goto('/admin/blog');
  await page.getByRole('button', { name: 'Nouvel Article' }).click();
  const form = formOf(page, 'Nouvel article');
  const title = `Publié depuis le formulaire ${tag}`;
  await fillPost(form, { title });
  const before = Date.now();
  await form.getByRole('radio', { name: 'Publier maintenant' }).check();
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(successMessage(page)).toHaveText('Article enregistré avec succès');
  const row = rowOf(page, title);
  await expect(statusOf(row)).toHaveText(`Publié le ${PARIS_DATE.format(new Date())}`);
  const [stored] = await storedPost(serviceDb, title);
  expect(stored!.scheduled_at).toBeNull();
  const publishedAt = new Date(stored!.published_at!).getTime();
  expect(publishedAt).toBeGreaterThanOrEqual(before - 5_000);
  expect(publishedAt).toBeLessThanOrEqual(Date.now() + 5_000);

  // Opened again, it says so; saved with another title, it keeps its publication date.
  await row.getByRole('button', { name: 'Modifier' }).click();
  const edit = formOf(page, "Modifier l'article");
  const published = `Publié le ${PARIS_DATE.format(new Date(stored!.published_at!))}`;
  await expect(edit.getByRole('radio', { name: published })).toBeChecked();
  await expect(edit.getByRole('radio', { name: 'Publier maintenant' })).toHaveCount(0);
  const renamed = `Publié puis renommé ${tag}`;
  await edit.getByRole('textbox', { name: 'Titre', exact: true }).fill(renamed);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(successMessage(page)).toHaveText('Article enregistré avec succès');
  expect(await storedPost(serviceDb, renamed)).toEqual([
    expect.objectContaining({ published_at: stored!.published_at, scheduled_at: null }),
  ]);

  // A programmed post opens on « Programmer » at its date, in Paris time.
  const at = fromParis(2031, 3, 14, 9, 15).toISOString();
  await seed(serviceDb, [{ title: `Programmé ${tag}`, scheduled_at: at }]);
  await page.getByRole('button', { name: 'Recharger la liste' }).click();
  await rowOf(page, `Programmé ${tag}`).getByRole('button', { name: 'Modifier' }).click();
  const programmed = formOf(page, "Modifier l'article");
  await expect(programmed.getByRole('radio', { name: 'Programmer' })).toBeChecked();
  await expect(programmed.getByLabel('Date et heure de publication')).toHaveValue(
    '2031-03-14T09:15',
  );
});

test('on a phone the articles come first; the AI generator opens on demand', async ({
  page,
  serviceDb,
}) => {
  await seed(serviceDb, [{ title: `Sur téléphone ${tag}` }]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/blog');
  await expect(page.getByRole('heading', { name: 'Articles', exact: true })).toBeInViewport();
  await expect(rowOf(page, `Sur téléphone ${tag}`)).toBeVisible();
  const panel = page.getByRole('region', { name: "Génération d'articles par IA" });
  await expect(panel).toBeHidden();
  await page.getByText('Générer des articles avec l’IA', { exact: true }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Modèle')).toBeVisible();
});
