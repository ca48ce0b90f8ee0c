import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { HeroContent } from '../../src/content/generated/types.ts';
import { startEachTestWith, useAdminSession } from './admin-session.ts';
import { expect, test } from './fixtures.ts';
import { useTaggedPosts } from './tagged-posts.ts';

// Nothing the owner saves is lost (docs/decisions/025-content-history.md,
// docs/decisions/026-no-silent-overwrite.md): every save keeps the version it replaces, which
// « Historique » shows and restores; two tabs saving the same content never silently lose one.

const SAVED = 'Les modifications ont été enregistrées avec succès.';
const CHANGED_ELSEWHERE = 'Ce contenu a été modifié ailleurs';
const DELETED_ELSEWHERE = 'Cet article a été supprimé ailleurs';
const IMAGE = 'https://images.example.com/garage/historique.jpg';
const RUN = randomBytes(3).toString('hex');
const START: HeroContent = { ...DEFAULT_CONTENT.hero, heading: `Titre de départ ${RUN}` };

const session = useAdminSession('admin-history');
const heroRow = startEachTestWith(session.apiHeaders, {
  type: 'hero',
  start: START,
  path: '/admin/hero',
});

let tag = '';
useTaggedPosts((t) => (tag = t));

const heading = (page: Page) => page.getByRole('textbox', { name: 'Titre', exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
const saved = (page: Page) => expect(page.getByRole('status').getByText(SAVED)).toBeVisible();

test('« Historique » lists the earlier versions, previews one and restores it as a new version', async ({
  page,
  request,
}) => {
  const edited = `Titre modifié ${RUN}`;
  await heading(page).fill(edited);
  await save(page);
  await saved(page);

  await page.getByRole('button', { name: 'Historique' }).click();
  const history = page.getByRole('region', { name: 'Historique' });
  const versions = history.getByRole('list', { name: 'Versions précédentes' }).getByRole('button');
  // The newest earlier version: the one the save replaced, dated and signed.
  await expect(versions.first()).toContainText(/\d{1,2} \S+ \d{4} à \d{2}:\d{2} — /);
  await versions.first().click();
  await expect(history.getByRole('region', { name: /^Aperçu de la version/ })).toContainText(
    START.heading,
  );
  await history.getByRole('button', { name: 'Restaurer cette version' }).click();
  await saved(page);
  await expect(heading(page)).toHaveValue(START.heading);
  expect((await heroRow.stored(request))?.heading).toBe(START.heading);

  // The version restored over is in the history too: nothing was overwritten.
  await page.getByRole('button', { name: 'Historique' }).click();
  await page
    .getByRole('list', { name: 'Versions précédentes' })
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByRole('region', { name: /^Aperçu de la version/ })).toContainText(edited);

  await page.goto('/');
  await expect(page.locator('#hero')).toContainText(START.heading);
});

test('« Historique » opens and closes with the keyboard, the focus following', async ({ page }) => {
  const open = page.getByRole('button', { name: 'Historique' });
  await open.focus();
  await page.keyboard.press('Enter');
  const history = page.getByRole('region', { name: 'Historique' });
  await expect(history.getByRole('heading', { name: 'Historique' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(history.getByRole('button', { name: 'Fermer l’historique' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(history).toHaveCount(0);
  await expect(open).toBeFocused();
});

test('two tabs: the later save over a newer version is refused, then reloaded or kept', async ({
  browser,
  request,
}) => {
  const a = await session.newPage(browser);
  const b = await session.newPage(browser);
  try {
    await a.goto('/admin/hero');
    await b.goto('/admin/hero');
    await expect(heading(a)).toHaveValue(START.heading);
    await expect(heading(b)).toHaveValue(START.heading);

    await heading(a).fill(`Onglet A ${RUN}`);
    await save(a);
    await saved(a);

    await heading(b).fill(`Onglet B ${RUN}`);
    await save(b);
    const alert = b.getByRole('alert').filter({ hasText: CHANGED_ELSEWHERE });
    await expect(alert).toBeVisible();
    expect((await heroRow.stored(request))?.heading).toBe(`Onglet A ${RUN}`);

    // B reloads the version A saved, and saves on top of it.
    await alert.getByRole('button', { name: 'Recharger la version enregistrée' }).click();
    await expect(heading(b)).toHaveValue(`Onglet A ${RUN}`);
    // The box went with the button pressed: the focus is back in the form.
    await expect(heading(b)).toBeFocused();
    await heading(b).fill(`Onglet B relu ${RUN}`);
    await save(b);
    await saved(b);

    // A, still on its own version, keeps its text and saves anyway.
    await heading(a).fill(`Onglet A encore ${RUN}`);
    await save(a);
    const conflict = a.getByRole('alert').filter({ hasText: CHANGED_ELSEWHERE });
    await conflict
      .getByRole('button', { name: 'Garder mon texte et enregistrer quand même' })
      .click();
    await saved(a);
    await expect(heading(a)).toBeFocused();
    expect((await heroRow.stored(request))?.heading).toBe(`Onglet A encore ${RUN}`);
  } finally {
    await a.context().close();
    await b.context().close();
  }
});

async function seedPost(
  serviceDb: import('@supabase/supabase-js').SupabaseClient,
  title: string,
): Promise<{ id: string; slug: string }> {
  const { data, error } = await serviceDb
    .from('blog_posts')
    .insert({
      title,
      content: 'Contenu',
      excerpt: 'Résumé',
      image_url: IMAGE,
      slug: `historique-${tag}`,
    })
    .select('id, slug')
    .single();
  if (error) throw error;
  return data as { id: string; slug: string };
}

const rowOf = (page: Page, title: string) =>
  page
    .locator('.blog-admin__posts > li')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const postForm = (page: Page) =>
  page.getByRole('region', { name: "Modifier l'article", exact: true });

test('two tabs: a post saved meanwhile is not overwritten, one deleted meanwhile is not recreated, and it can be restored', async ({
  page,
  browser,
  serviceDb,
}) => {
  const title = `Article ${tag}`;
  const { id, slug } = await seedPost(serviceDb, title);
  const b = await session.newPage(browser);
  try {
    await page.goto('/admin/blog');
    await b.goto('/admin/blog');
    await rowOf(page, title).getByRole('button', { name: 'Modifier' }).click();
    await rowOf(b, title).getByRole('button', { name: 'Modifier' }).click();

    // B saves first; A's save is refused, and A keeps its text over it.
    await postForm(b).getByRole('textbox', { name: 'Titre', exact: true }).fill(`${title} B`);
    await postForm(b).getByRole('button', { name: 'Enregistrer' }).click();
    await expect(rowOf(b, `${title} B`)).toBeVisible();
    await postForm(page).getByRole('textbox', { name: 'Titre', exact: true }).fill(`${title} A`);
    await postForm(page).getByRole('button', { name: 'Enregistrer' }).click();
    const changed = page.getByRole('alert').filter({ hasText: CHANGED_ELSEWHERE });
    await changed
      .getByRole('button', { name: 'Garder mon texte et enregistrer quand même' })
      .click();
    await expect(rowOf(page, `${title} A`)).toBeVisible();

    // A opens it again; B deletes it; A's save does not bring it back.
    await rowOf(page, `${title} A`).getByRole('button', { name: 'Modifier' }).click();
    await b.reload();
    await rowOf(b, `${title} A`).getByRole('button', { name: 'Supprimer' }).click();
    await b.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(rowOf(b, `${title} A`)).toHaveCount(0);
    await postForm(page).getByRole('textbox', { name: 'Résumé', exact: true }).fill('Relu');
    await postForm(page).getByRole('button', { name: 'Enregistrer' }).click();
    const deleted = page.getByRole('alert').filter({ hasText: DELETED_ELSEWHERE });
    await expect(deleted.getByRole('button', { name: 'Recréer l’article' })).toBeVisible();
    const { count } = await serviceDb
      .from('blog_posts')
      .select('id', { count: 'exact', head: true })
      .eq('id', id);
    expect(count).toBe(0);
    await deleted.getByRole('button', { name: 'Abandonner' }).click();
    await expect(postForm(page)).toHaveCount(0);

    // « Articles supprimés »: restored with its id and address.
    await page.getByRole('button', { name: /Voir les articles supprimés/ }).click();
    const bin = page.getByRole('region', { name: 'Articles supprimés' });
    await bin.getByRole('button', { name: `Restaurer « ${title} A »` }).click();
    await expect(bin.getByRole('status')).toHaveText(`Article « ${title} A » restauré.`);
    await expect(rowOf(page, `${title} A`)).toBeVisible();
    const { data } = await serviceDb.from('blog_posts').select('id, slug').eq('id', id);
    expect(data).toEqual([{ id, slug }]);

    // Its history holds the earlier versions.
    await rowOf(page, `${title} A`).getByRole('button', { name: 'Modifier' }).click();
    await postForm(page).getByRole('button', { name: 'Historique' }).click();
    const versions = page.getByRole('list', { name: 'Versions précédentes' }).getByRole('button');
    await expect(versions).toHaveCount(3);
    await versions.last().click();
    await expect(page.getByRole('region', { name: /^Aperçu de la version/ })).toContainText(title);
  } finally {
    await b.context().close();
  }
});
