import { randomBytes } from 'node:crypto';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, signIn, test } from './fixtures.ts';

// The two-factor QR code of « Mon compte », as the owner's phone would scan it off the screen.
// An administrator of its own, whose factor stays unconfirmed (no code asked of other specs).

test('the two-factor QR code shows and scans as the factor’s address', async ({
  page,
  serviceDb,
}) => {
  const owner = {
    email: `qr-${randomBytes(4).toString('hex')}@garage.test`,
    password: `${randomBytes(12).toString('base64url')}-Aa1`,
  };
  const created = await serviceDb.auth.admin.createUser({
    ...owner,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  expect(created.error).toBeNull();
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/compte');

  const enrolled = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/auth/v1/factors' &&
      response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Activer la double authentification' }).click();
  const factor = (await (await enrolled).json()) as { totp: { uri: string } };
  expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);

  const image = page.getByRole('img', { name: 'QR code de la double authentification' });
  await expect(image).toBeVisible();
  // Loaded and drawn: a broken image has no natural size.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  // What Chromium drew, read by a QR decoder.
  const shot = await image.screenshot();
  const { data, info } = await sharp(shot)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const read = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  expect(read?.data).toBe(factor.totp.uri);
});
