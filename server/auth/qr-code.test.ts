import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { totpQrSvg } from './qr-code.ts';
import { totpUri } from './totp.ts';

/** What an image reader sees in an image: the text of the QR code it shows, or null. */
async function readQr(image: Uint8Array): Promise<string | null> {
  const { data, info } = await sharp(image, { density: 288 })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('the QR code of a TOTP factor', () => {
  it('reads back as the factor’s address once supabase-js has made it a data URI', async () => {
    const uri = totpUri(
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      'Garage du Pont',
      'patron+essai@garage.fr',
    );
    // supabase-js (auth-js `_enroll`) pastes the server's SVG as it is after this prefix.
    const dataUri = `data:image/svg+xml;utf-8,${await totpQrSvg(uri)}`;
    // The browser's own reading of a data URI (the fetch standard's, which Node follows).
    const image = new Uint8Array(await (await fetch(dataUri)).arrayBuffer());
    expect(await readQr(image)).toBe(uri);
  });
});
