import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { MEDIA_BUCKET } from '../../src/content/media.ts';
import { useAdminSession } from './admin-session.ts';
import { expect, test } from './fixtures.ts';
import { useTaggedPosts } from './tagged-posts.ts';

// The owner writes an article with the toolbar (docs/decisions/068-toolbar-editor.md), on a phone
// and on a desktop screen, with a photo of the media library; visitors see what was written.

useAdminSession('admin-rich-text');
let tag = '';
useTaggedPosts((t) => (tag = t));

let photo = { name: '', alt: '' };
test.beforeEach(async ({ serviceDb }) => {
  photo = { name: `${randomUUID()}.jpg`, alt: `Disques de frein neufs ${tag}` };
  const image = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#4a6c8c' },
  })
    .jpeg()
    .toBuffer();
  const upload = await serviceDb.storage
    .from(MEDIA_BUCKET)
    .upload(photo.name, image, { contentType: 'image/jpeg' });
  if (upload.error) throw upload.error;
  const text = await serviceDb.from('media_texts').insert(photo);
  if (text.error) throw text.error;
});

/** Presses a toolbar button and waits for its state to follow. */
async function press(page: Page, name: string, pressed: boolean) {
  const button = page.getByRole('toolbar', { name: 'Mise en forme' }).getByRole('button', { name });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', String(pressed));
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`writes an article with the toolbar at ${viewport.width} px, and the public article shows it`, async ({
    page,
    serviceDb,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/admin/blog');
    await page.getByRole('button', { name: 'Nouvel Article' }).click();
    const form = page.getByRole('region', { name: 'Nouvel article', exact: true });
    const title = `Le freinage en hiver ${tag}`;
    await form.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);

    const text = form.getByRole('textbox', { name: 'Contenu', exact: true });
    await text.click();
    await text.pressSequentially('Un freinage ');
    await press(page, 'Gras', true);
    await text.pressSequentially('bien réglé');
    await press(page, 'Gras', false);
    await text.pressSequentially(' vous protège.');
    await text.press('Enter');
    await press(page, 'Titre', true);
    await text.pressSequentially('Les points à vérifier');
    await text.press('Enter');
    await press(page, 'Liste', true);
    await text.pressSequentially('Les plaquettes');
    await text.press('Enter');
    await text.pressSequentially('Le liquide de frein');
    await text.press('Enter');
    await text.press('Enter');
    await text.pressSequentially('Lisez le guide');
    for (let i = 0; i < 'le guide'.length; i += 1) await text.press('Shift+ArrowLeft');
    await press(page, 'Lien', true);
    await form.getByRole('textbox', { name: 'Adresse du lien' }).fill('www.example.org/guide');
    await form.getByRole('button', { name: 'Appliquer le lien' }).click();
    await expect(text.getByRole('link', { name: 'le guide' })).toBeVisible();
    await text.press('End');
    // The editor reads the caret the browser moved a moment later: an Enter sent before would
    // replace the words still selected, which no owner typing by hand would meet.
    await expect
      .poll(() =>
        text.evaluate(
          (node) =>
            (node as HTMLElement & { editor?: { state: { selection: { empty: boolean } } } }).editor
              ?.state.selection.empty,
        ),
      )
      .toBe(true);
    await text.press('Enter');

    await page
      .getByRole('toolbar', { name: 'Mise en forme' })
      .getByRole('button', { name: 'Photo' })
      .click();
    const picker = page.getByRole('dialog', { name: 'Choisir une photo de la médiathèque' });
    await picker.getByRole('button', { name: photo.alt }).click();
    await expect(
      picker.getByRole('textbox', { name: 'Description de la photo (lue aux personnes aveugles)' }),
    ).toHaveValue(photo.alt);
    await picker.getByRole('button', { name: 'Insérer la photo' }).click();
    await expect(picker).toHaveCount(0);
    await expect(text.getByRole('img', { name: photo.alt })).toBeVisible();
    // Everything the owner needs fits the screen: no sideways scrolling.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    await form.getByRole('textbox', { name: 'Résumé', exact: true }).fill('Un résumé.');
    await form
      .getByRole('group', { name: 'Image de couverture' })
      .getByRole('textbox', { name: 'Adresse de l’image' })
      .fill('/images/service-entretien.svg');
    await form.getByRole('radio', { name: 'Publier maintenant' }).check();
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Article enregistré avec succès')).toBeVisible();

    const { data, error } = await serviceDb
      .from('blog_posts')
      .select('slug, content')
      .eq('title', title)
      .single();
    if (error) throw error;
    // Stored as before: the public page's own text format.
    expect(data.content).toContain('**bien réglé**');
    expect(data.content).toContain(
      `![${photo.alt}](/storage/v1/object/public/media/${photo.name})`,
    );

    await page.goto(`/blog/${data.slug}`);
    const body = page.locator('.article__content');
    await expect(body.locator('strong')).toHaveText('bien réglé');
    await expect(body.getByRole('heading', { level: 2 })).toHaveText('Les points à vérifier');
    await expect(body.getByRole('listitem')).toHaveText(['Les plaquettes', 'Le liquide de frein']);
    await expect(body.getByRole('link', { name: 'le guide' })).toHaveAttribute(
      'href',
      'https://www.example.org/guide',
    );
    const shown = body.getByRole('img', { name: photo.alt });
    await expect(shown).toHaveAttribute('loading', 'lazy');
    await expect(shown).toHaveAttribute('src', `/storage/v1/object/public/media/${photo.name}`);
    await shown.scrollIntoViewIfNeeded();
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });
}

test('an article opened and saved without change is stored exactly as it was', async ({
  page,
  serviceDb,
}) => {
  const title = `Inchangé ${tag}`;
  // Markdown the editor would write differently (stars for italics, a numbered list, a quote).
  const content = `# Titre\nUne ligne *en italique*.\n1. premier\n2. second\n> Une citation.`;
  const insert = await serviceDb.from('blog_posts').insert({
    title,
    content,
    excerpt: 'Résumé',
    image_url: '/images/service-entretien.svg',
    slug: `inchange-${tag}`,
  });
  if (insert.error) throw insert.error;
  await page.goto('/admin/blog');
  const row = page
    .locator('.blog-admin__posts > li')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await row.getByRole('button', { name: 'Modifier' }).click();
  const form = page.getByRole('region', { name: "Modifier l'article", exact: true });
  await expect(form.getByRole('textbox', { name: 'Contenu', exact: true })).toContainText(
    'Une citation.',
  );
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Article enregistré avec succès')).toBeVisible();
  const { data } = await serviceDb.from('blog_posts').select('content').eq('title', title).single();
  expect(data!.content).toBe(content);
});
