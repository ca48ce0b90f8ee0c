import { describe, expect, it } from 'vitest';
import { qrImageSource } from './qr-image.ts';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path fill="#ffffff" d="M0 0h4v4H0z"/><text>100%</text></svg>';

/** The image a browser gets from an `<img src>`: a data URI read as the fetch standard says. */
async function imageAt(src: string): Promise<string> {
  return (await fetch(src)).text();
}

describe('the QR code image source', () => {
  it('gives the browser the whole SVG that supabase-js pasted into a data URI', async () => {
    const pasted = `data:image/svg+xml;utf-8,${SVG}`;
    expect(await imageAt(qrImageSource(pasted))).toBe(SVG);
  });

  it('leaves an escaped data URI or an address as it is', () => {
    const escaped = `data:image/svg+xml;utf-8,${encodeURIComponent(SVG)}`;
    expect(qrImageSource(escaped)).toBe(escaped);
    expect(qrImageSource('https://example.com/qr.png')).toBe('https://example.com/qr.png');
  });
});
