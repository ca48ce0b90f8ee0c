import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { FORMS } from '../../src/content/generated/forms.ts';
import type { HeroContent } from '../../src/content/generated/types.ts';
import { MEDIA_BUCKET } from '../../src/content/media.ts';
import { MEDIA_MESSAGES } from '../../src/admin/media/media-api.ts';
import { startEachTestWith, useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// The media library (/admin/medias): the owner adds a photo, sees where it is shown, cannot delete
// it while a page shows it, describes it for people who do not see it, and deletes it.

const START: HeroContent = DEFAULT_CONTENT.hero;
const session = useAdminSession('admin-medias');
const heroRow = startEachTestWith(session.apiHeaders, {
  type: 'hero',
  start: START,
  path: '/admin/medias',
});

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'garage-medias-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Sends a new photo from the library's own upload button, as the owner would. */
async function addPhoto(page: Page): Promise<string> {
  const file = path.join(dir, 'atelier.jpg');
  await writeFile(
    file,
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8c4a4a' } })
      .jpeg()
      .toBuffer(),
  );
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Téléverser une photo' }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByRole('status').getByText(MEDIA_MESSAGES.uploaded)).toBeVisible();
  // The newest photo comes first.
  return (await page.locator('.media-card__name').first().textContent())!;
}

/** Shows only the photo called `name`, through the search by name. */
async function find(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Rechercher par nom' }).fill(name.slice(0, 13));
  await page.getByRole('button', { name: 'Rechercher' }).click();
  const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(cards).toHaveCount(1);
  await expect(page.locator('.media-card')).toHaveCount(1);
  return cards.first();
}

test('a photo in use cannot be deleted; once replaced, it is described and deleted', async ({
  page,
  request,
}) => {
  const name = await addPhoto(page);
  let card = await find(page, name);
  await expect(card.getByText('Non utilisée')).toBeVisible();
  await expect(card.getByText(/\d+ Ko|\d+(,\d)? Mo/)).toBeVisible();
  const address = (await card.locator('img').getAttribute('src'))!;
  expect(address).toContain(`/${MEDIA_BUCKET}/${name}`);

  // The owner puts it behind the hero's title: the library says so, and keeps it.
  const publicAddress = new URL(`/storage/v1/object/public/${MEDIA_BUCKET}/${name}`, page.url());
  await heroRow.store(request, { ...START, backgroundImage: publicAddress.href });
  await page.reload();
  card = await find(page, name);
  const heroTitle = FORMS.hero.schema.title;
  await expect(card.getByRole('link', { name: heroTitle })).toHaveAttribute('href', '/admin/hero');
  await card.getByRole('button', { name: 'Supprimer' }).click();
  const refusal = page.getByRole('alertdialog', { name: 'Suppression impossible' });
  await expect(refusal).toContainText(heroTitle);
  await refusal.getByRole('button', { name: 'Fermer' }).click();
  await expect(refusal).toBeHidden();
  expect((await request.get(publicAddress.href)).status()).toBe(200);

  // Replaced in the hero, it can be described, then deleted after a confirmation.
  await heroRow.store(request, START);
  await page.reload();
  card = await find(page, name);
  await expect(card.getByText('Non utilisée')).toBeVisible();
  await card
    .getByRole('textbox', { name: 'Description de la photo (lue aux personnes aveugles)' })
    .fill('Notre atelier');
  await card.getByRole('button', { name: 'Enregistrer le texte' }).click();
  await expect(page.getByRole('status').getByText(MEDIA_MESSAGES.altSaved)).toBeVisible();
  await page.reload();
  card = await find(page, name);
  await expect(card.getByRole('img', { name: 'Notre atelier' })).toBeVisible();

  await card.getByRole('button', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer la photo ?' });
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('status').getByText(MEDIA_MESSAGES.deleted)).toBeVisible();
  await expect(page.getByText(MEDIA_MESSAGES.noMatch)).toBeVisible();
  expect((await request.get(publicAddress.href)).status()).toBe(404);
});

test('axe finds no violation in the media library, with a photo and its dialog', async ({
  browser,
}) => {
  const page = await session.newPage(browser);
  await page.goto('/admin/medias');
  const name = await addPhoto(page);
  expect(await axeViolations(page)).toEqual([]);
  const card = await find(page, name);
  await card.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Supprimer la photo ?' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('status').getByText(MEDIA_MESSAGES.deleted)).toBeVisible();
  // The delete's message replaced the upload's: nothing says the photo was just sent.
  await expect(page.getByText(MEDIA_MESSAGES.uploaded)).toHaveCount(0);
  await expect(page.getByText(/Photo « .* » envoyée\./)).toHaveCount(0);
  await page.context().close();
});
