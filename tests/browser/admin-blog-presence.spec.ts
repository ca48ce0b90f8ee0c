import type { Page } from '@playwright/test';
import { useAdminSession } from './admin-session.ts';
import { expect, test } from './fixtures.ts';
import { readServerInfo } from './server-info.ts';
import { useTaggedPosts } from './tagged-posts.ts';

// The article form says who else has the same post open (docs/decisions/052-live-back-office.md).

const session = useAdminSession('admin-blog-presence');
let tag = '';
useTaggedPosts((t) => (tag = t));

const rowOf = (page: Page, title: string) =>
  page
    .locator('.blog-admin__posts > li')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const notice = (page: Page) => page.locator('.editing-notice[role="status"]');

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
