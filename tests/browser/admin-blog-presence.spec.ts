import type { Page } from '@playwright/test';
import { useAdminSession } from './admin-session.ts';
import { expect, test } from './fixtures.ts';
import { readServerInfo } from './server-info.ts';
import { useTaggedPosts } from './tagged-posts.ts';

// The article form says who else has the same post open, and offers another's save
// (docs/decisions/052-live-back-office.md).

const session = useAdminSession('admin-blog-presence');
let tag = '';
useTaggedPosts((t) => (tag = t));

const rowOf = (page: Page, title: string) =>
  page
    .locator('.blog-admin__posts > li')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const notice = (page: Page) => page.locator('.editing-notice[role="status"]');
const form = (page: Page) => page.getByRole('region', { name: "Modifier l'article" });
const titleField = (page: Page) => form(page).getByRole('textbox', { name: 'Titre', exact: true });

test('two tabs on one post: each sees the other in the article form', async ({
  page,
  browser,
  serviceDb,
}) => {
  const title = `Article ${tag}`;
  const { error } = await serviceDb
    .from('blog_posts')
    .insert({ title, content: 'Contenu', excerpt: 'Résumé', slug: `presence-${tag}` });
  if (error) throw error;
  const email = readServerInfo().admin.email;
  const b = await session.newPage(browser);
  try {
    await page.goto('/admin/blog');
    await b.goto('/admin/blog');
    await rowOf(page, title).getByRole('button', { name: 'Modifier' }).click();
    await rowOf(b, title).getByRole('button', { name: 'Modifier' }).click();
    for (const tab of [page, b]) {
      await expect(notice(tab)).toContainText("Quelqu'un d'autre modifie cette page");
      await expect(notice(tab)).toContainText(new RegExp(`${email}, depuis \\d{1,2} h \\d\\d`));
    }
    await b.getByRole('button', { name: 'Annuler' }).click();
    await expect(notice(page)).not.toContainText("Quelqu'un d'autre modifie cette page");
  } finally {
    await b.context().close();
  }
});

test('another tab saves the post: the form still open is offered its version', async ({
  page: a,
  browser,
  serviceDb,
}) => {
  const title = `Article ${tag}`;
  const { error } = await serviceDb
    .from('blog_posts')
    // Complete, so that each tab can save it as it is.
    .insert({
      title,
      content: 'Contenu',
      excerpt: 'Résumé',
      image_url: 'https://images.example.com/garage/revision.jpg',
      slug: `rechargement-${tag}`,
    });
  if (error) throw error;
  const email = readServerInfo().admin.email;
  const b = await session.newPage(browser);
  try {
    await a.goto('/admin/blog');
    await b.goto('/admin/blog');
    await rowOf(a, title).getByRole('button', { name: 'Modifier' }).click();
    await rowOf(b, title).getByRole('button', { name: 'Modifier' }).click();
    await expect(notice(b)).toContainText("Quelqu'un d'autre modifie cette page");

    // A saves (its form closes): B, with nothing typed, keeps its form open, is offered A's
    // version and reloads it.
    const fromA = `Version de A ${tag}`;
    await titleField(a).fill(fromA);
    await form(a).getByRole('button', { name: 'Enregistrer' }).click();
    await expect(a.getByText('Article enregistré avec succès')).toBeVisible();
    await expect(form(a)).toHaveCount(0);
    await expect(notice(b)).toContainText(
      new RegExp(`${email} a enregistré cette page à \\d{1,2} h \\d\\d`),
    );
    await expect(notice(b)).not.toContainText('Vos modifications ne sont pas enregistrées');
    await expect(titleField(b)).toHaveValue(title);
    await notice(b).getByRole('button', { name: 'Recharger la version enregistrée' }).click();
    await expect(titleField(b)).toHaveValue(fromA);
    await expect(notice(b)).not.toContainText('a enregistré cette page');
    // The box went with the button pressed: the focus goes to the form's title.
    await expect(b.getByRole('heading', { name: "Modifier l'article" })).toBeFocused();

    // B types, A saves again: B is told its text would be replaced and keeps it; saving it then
    // is refused, as A's save came after the version B had read.
    const fromB = `Version de B ${tag}`;
    await titleField(b).fill(fromB);
    await rowOf(a, fromA).getByRole('button', { name: 'Modifier' }).click();
    await expect(notice(a)).toContainText("Quelqu'un d'autre modifie cette page");
    await titleField(a).fill(`Version de A encore ${tag}`);
    await form(a).getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form(a)).toHaveCount(0);
    await expect(notice(b)).toContainText('Vos modifications ne sont pas enregistrées');
    await notice(b).getByRole('button', { name: 'Garder mon texte' }).click();
    await expect(notice(b)).not.toContainText('a enregistré cette page');
    await expect(titleField(b)).toHaveValue(fromB);
    await expect(b.getByRole('heading', { name: "Modifier l'article" })).toBeFocused();
    await form(b).getByRole('button', { name: 'Enregistrer' }).click();
    await expect(b.getByRole('alert').filter({ hasText: 'a été modifié ailleurs' })).toBeVisible();
    await expect(titleField(b)).toHaveValue(fromB);
  } finally {
    await b.context().close();
  }
});
