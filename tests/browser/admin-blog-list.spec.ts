import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { useTaggedPosts } from './tagged-posts.ts';

/**
 * The admin blog list at 120 posts, against the real server: 50 posts a page with a French pager,
 * the filter asked of the database, and a list that never reads the articles' content (an article
 * is read whole when it is opened for editing).
 */

const session = useAdminSession('admin-blog-list');

let tag = '';
useTaggedPosts((t) => (tag = t));

const PUBLISHED_AT = '2026-01-10T09:00:00.000Z';

/** 120 posts, every other one published; the rest are drafts. */
async function seed120(db: SupabaseClient): Promise<void> {
  const { error } = await db.from('blog_posts').insert(
    Array.from({ length: 120 }, (_, i) => ({
      title: `Liste ${String(i + 1).padStart(3, '0')} ${tag}`,
      slug: `test-liste-${tag}-${i + 1}`,
      content: `Le contenu complet de l'article ${i + 1}.`,
      excerpt: 'Résumé',
      image_url: 'https://images.example.com/garage/liste.jpg',
      published_at: i % 2 === 0 ? PUBLISHED_AT : null,
    })),
  );
  if (error) throw error;
}

/** How many posts the server holds for a filter (other spec files may have left some). */
async function countOf(db: SupabaseClient, filter: 'all' | 'published' | 'draft') {
  const query = db.from('blog_posts').select('id', { count: 'exact', head: true });
  const { count, error } = await (filter === 'published'
    ? query.not('published_at', 'is', null)
    : filter === 'draft'
      ? query.is('published_at', null)
      : query);
  if (error) throw error;
  return count!;
}

/** The list requests the page sends (a page of posts: offset and limit), in order. */
function watchListRequests(page: Page): URL[] {
  const urls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      request.method() === 'GET' &&
      url.pathname === '/rest/v1/blog_posts' &&
      url.searchParams.has('limit')
    ) {
      urls.push(url);
    }
  });
  return urls;
}

const rows = (page: Page) => page.locator('.blog-admin__posts > li');
const statuses = (page: Page) => page.locator('.blog-admin__posts .blog-admin__status');

test('120 posts: 50 a page, the pager moves, the filter is asked of the database', async ({
  browser,
  serviceDb,
}) => {
  await seed120(serviceDb);
  // A page of its own context, for axe at the end.
  const page = await session.newPage(browser);
  try {
    const requests = watchListRequests(page);
    const pages = (count: number) => Math.ceil(count / 50);

    await page.goto('/admin/blog');
    await expect(rows(page)).toHaveCount(50);
    const all = await countOf(serviceDb, 'all');
    expect(all).toBeGreaterThanOrEqual(120);
    const pager = page.getByRole('navigation', { name: 'Pages de la liste' });
    await expect(pager).toContainText(`Page 1 sur ${pages(all)}`);

    // The list reads the columns it shows, with the total, a page at a time; never the content.
    const first = requests[0]!;
    expect(first.searchParams.get('select')!.split(',')).toEqual([
      'id',
      'title',
      'slug',
      'published_at',
      'scheduled_at',
      'views',
    ]);
    expect(first.searchParams.get('offset')).toBe('0');
    expect(first.searchParams.get('limit')).toBe('50');

    // Newest created first: our 120 posts fill the first two pages.
    const firstPage = await rows(page).locator('h3').allTextContents();
    expect(firstPage.every((title) => title.endsWith(tag))).toBe(true);
    await pager.getByRole('button', { name: 'Page suivante' }).click();
    await expect(pager).toContainText(`Page 2 sur ${pages(all)}`);
    await expect(rows(page)).toHaveCount(50);
    const secondPage = await rows(page).locator('h3').allTextContents();
    expect(secondPage.every((title) => title.endsWith(tag))).toBe(true);
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
    expect(requests.at(-1)!.searchParams.get('offset')).toBe('50');
    await pager.getByRole('button', { name: 'Page précédente' }).click();
    await expect(pager).toContainText(`Page 1 sur ${pages(all)}`);
    await expect(rows(page).locator('h3')).toHaveText(firstPage);

    // The filter goes into the request, and the server answers with those posts only.
    const filter = page.getByLabel('Filtrer les articles');
    await filter.selectOption({ label: 'Publiés uniquement' });
    const published = await countOf(serviceDb, 'published');
    await expect(pager).toContainText(`Page 1 sur ${pages(published)}`);
    expect(requests.at(-1)!.searchParams.getAll('published_at')).toEqual(['not.is.null']);
    expect(requests.at(-1)!.searchParams.get('offset')).toBe('0');
    await expect(rows(page)).toHaveCount(50);
    await expect(statuses(page)).toHaveText(Array(50).fill('Publié le 10 janvier 2026'));

    await filter.selectOption({ label: 'Brouillons uniquement' });
    const drafts = await countOf(serviceDb, 'draft');
    await expect(pager).toContainText(`Page 1 sur ${pages(drafts)}`);
    expect(requests.at(-1)!.searchParams.getAll('published_at')).toEqual(['is.null']);
    await expect(rows(page)).toHaveCount(50);
    await expect(statuses(page).filter({ hasText: /^Publié/ })).toHaveCount(0);
    await pager.getByRole('button', { name: 'Page suivante' }).click();
    await expect(pager).toContainText(`Page 2 sur ${pages(drafts)}`);
    expect(requests.at(-1)!.searchParams.getAll('published_at')).toEqual(['is.null']);
    expect(requests.at(-1)!.searchParams.get('offset')).toBe('50');

    expect(requests.every((url) => !url.searchParams.get('select')!.includes('content'))).toBe(
      true,
    );
    // From the top: axe counts a button that the sticky header happens to cover, wherever the
    // pager left the scroll, as a touch target too small.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await page.context().close();
  }
});

test('opening a post for editing reads it whole, content included', async ({ page, serviceDb }) => {
  const title = `Liste à modifier ${tag}`;
  const { error } = await serviceDb.from('blog_posts').insert({
    title,
    slug: `test-liste-${tag}`,
    content: "Le contenu complet de l'article 120.",
    excerpt: 'Résumé',
    image_url: 'https://images.example.com/garage/liste.jpg',
  });
  if (error) throw error;
  await page.goto('/admin/blog');
  const row = rows(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const read = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === '/rest/v1/blog_posts' && url.searchParams.get('select') === '*';
  });
  await row.getByRole('button', { name: 'Modifier' }).click();
  expect(new URL((await read).url()).searchParams.get('id')).toMatch(/^eq\./);
  const form = page.getByRole('region', { name: "Modifier l'article", exact: true });
  await expect(form.getByRole('textbox', { name: 'Contenu', exact: true })).toHaveText(
    "Le contenu complet de l'article 120.",
  );
  await expect(form.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(title);
});

test('a published post links to its page on the site, in a new tab, and shows its views', async ({
  page,
  serviceDb,
}) => {
  const published = `Liste publiée ${tag}`;
  const draft = `Liste brouillon ${tag}`;
  const once = `Liste une vue ${tag}`;
  const never = `Liste aucune vue ${tag}`;
  const { error } = await serviceDb.from('blog_posts').insert([
    {
      title: published,
      slug: `test-liste-publiee-${tag}`,
      content: 'Contenu.',
      excerpt: 'Résumé',
      image_url: 'https://images.example.com/garage/liste.jpg',
      published_at: PUBLISHED_AT,
      views: 1234,
    },
    {
      title: once,
      slug: `test-liste-une-vue-${tag}`,
      content: 'Contenu.',
      published_at: PUBLISHED_AT,
      views: 1,
    },
    {
      title: never,
      slug: `test-liste-aucune-vue-${tag}`,
      content: 'Contenu.',
      published_at: PUBLISHED_AT,
      views: 0,
    },
    {
      title: draft,
      slug: `test-liste-brouillon-${tag}`,
      content: 'Contenu.',
      excerpt: 'Résumé',
      image_url: 'https://images.example.com/garage/liste.jpg',
    },
  ]);
  if (error) throw error;
  await page.goto('/admin/blog');
  const row = (title: string) =>
    rows(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const link = row(published).getByRole('link', {
    name: `voir « ${published} » sur le site (nouvel onglet)`,
  });
  await expect(link).toHaveAttribute('href', `/blog/test-liste-publiee-${tag}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(row(published)).toContainText(/1\s234 vues/);
  // French keeps the singular below two.
  await expect(row(once).locator('.blog-admin__slug')).toHaveText(/ · 1 vue$/);
  await expect(row(never).locator('.blog-admin__slug')).toHaveText(/ · 0 vue$/);
  // A draft has no page on the site yet.
  await expect(row(draft).getByRole('link')).toHaveCount(0);
  const popup = page.waitForEvent('popup');
  await link.click();
  const opened = await popup;
  await expect(opened.getByRole('heading', { level: 1, name: published })).toBeVisible();
  await opened.close();
});

test('each action replaces the message of the one before: a restore after a delete', async ({
  page,
  serviceDb,
}) => {
  const title = `Liste à supprimer ${tag}`;
  const { error } = await serviceDb.from('blog_posts').insert({
    title,
    slug: `test-liste-supprimer-${tag}`,
    content: 'Un article supprimé puis restauré.',
    excerpt: 'Résumé',
    image_url: 'https://images.example.com/garage/liste.jpg',
  });
  if (error) throw error;
  await page.goto('/admin/blog');
  const row = () =>
    rows(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await row().getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  const deleted = page.getByRole('status').filter({ hasText: 'Article supprimé avec succès' });
  await expect(deleted).toBeVisible();

  await page.getByRole('button', { name: /Voir les articles supprimés/ }).click();
  const bin = page.getByRole('region', { name: 'Articles supprimés' });
  // The button is gone: the focus is on the section's title, above the list.
  await expect(bin.getByRole('heading', { name: 'Articles supprimés' })).toBeFocused();
  await bin.getByRole('button', { name: `Restaurer « ${title} »` }).click();
  await expect(bin.getByRole('status')).toHaveText(`Article « ${title} » restauré.`);
  await expect(row()).toBeVisible();
  // The delete's message is gone: only the restore's is on the page.
  await expect(deleted).toHaveCount(0);
  await expect(page.getByText('Article supprimé avec succès')).toHaveCount(0);
});
