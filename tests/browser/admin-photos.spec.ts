import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { HeroContent } from '../../src/content/generated/types.ts';
import { MEDIA_BUCKET, MEDIA_WIDTHS } from '../../src/content/media.ts';
import { WRONG_FORMAT } from '../../src/admin/media/upload-photo.ts';
import { expect, test } from './fixtures.ts';
import { startEachTestWith, useAdminSession } from './admin-session.ts';

// The owner puts a photo of the workshop on the home page from the hero's editor: picked like on
// a phone, sent to the media bucket, shown to visitors in the width their screen needs.

const SAVED = 'Les modifications ont été enregistrées avec succès.';
const START: HeroContent = DEFAULT_CONTENT.hero;
// Stored by its path on the site, so that the site may move to its domain or to HTTPS.
const PHOTO_ADDRESS = new RegExp(`^/storage/v1/object/public/${MEDIA_BUCKET}/[0-9a-f-]{36}\\.jpg$`);

const session = useAdminSession('admin-photos');
const heroRow = startEachTestWith(session.apiHeaders, {
  type: 'hero',
  start: START,
  path: '/admin/hero',
});

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'garage-photos-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Picks `file` in the file chooser the button opens, as the owner would. */
async function pick(page: import('@playwright/test').Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Téléverser une photo' }).click();
  await (await chooser).setFiles(file);
}

test('a photo sent from the hero editor shows on the home page in every width', async ({
  page,
  request,
}) => {
  const file = path.join(dir, 'atelier.jpg');
  await writeFile(
    file,
    await sharp({
      create: { width: 2400, height: 1350, channels: 3, background: '#4a6d8c' },
    })
      .jpeg()
      .toBuffer(),
  );
  await pick(page, file);
  await expect(page.getByRole('status').getByText('Photo « atelier.jpg » envoyée.')).toBeVisible();
  const address = page.getByRole('textbox', { name: 'Adresse de l’image' });
  await expect(address).toHaveValue(PHOTO_ADDRESS);
  const photo = await address.inputValue();

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').getByText(SAVED)).toBeVisible();
  expect((await heroRow.stored(request))?.backgroundImage).toBe(photo);

  await page.goto('/');
  const hero = page.locator('.hero__image');
  await expect(hero).toHaveAttribute('src', photo);
  const srcset = (await hero.getAttribute('srcset')) ?? '';
  expect(srcset.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(
    MEDIA_WIDTHS.map((width) => `${width}w`),
  );
  // The browser loaded one of the renderings, and it is a real picture.
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const shown = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(shown).toContain(`/storage/v1/render/image/public/${MEDIA_BUCKET}/`);
});

test('a file that is not a photo is refused in French, and the field keeps its image', async ({
  page,
}) => {
  const file = path.join(dir, 'faux.jpg');
  await writeFile(file, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const address = page.getByRole('textbox', { name: 'Adresse de l’image' });
  const before = await address.inputValue();
  await pick(page, file);
  await expect(page.getByRole('alert').getByText(WRONG_FORMAT)).toBeVisible();
  await expect(address).toHaveValue(before);
});
