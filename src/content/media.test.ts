import { describe, expect, it } from 'vitest';
import { MEDIA_BUCKET, MEDIA_WIDTHS, mediaRendering, responsiveSources } from './media.ts';

const ORIGIN = 'https://garage.example';
const PHOTO = `${ORIGIN}/storage/v1/object/public/${MEDIA_BUCKET}/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d.jpg`;

describe('responsiveSources', () => {
  it('offers every rendering width of an uploaded photo, each at its own address', () => {
    const { srcSet, sizes } = responsiveSources(PHOTO, '100vw');
    expect(sizes).toBe('100vw');
    const candidates = srcSet!.split(', ').map((candidate) => candidate.split(' '));
    expect(candidates.map(([, descriptor]) => descriptor)).toEqual(
      MEDIA_WIDTHS.map((width) => `${width}w`),
    );
    for (const [url, descriptor] of candidates) {
      const parsed = new URL(url!);
      expect(parsed.origin).toBe(ORIGIN);
      expect(parsed.pathname).toBe(
        `/storage/v1/render/image/public/${MEDIA_BUCKET}/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d.jpg`,
      );
      expect(`${parsed.searchParams.get('width')}w`).toBe(descriptor);
    }
  });

  it('leaves any other address as it is', () => {
    for (const src of [
      '/images/hero-atelier.svg',
      'https://images.example/photo.jpg',
      `${ORIGIN}/storage/v1/object/public/autre/photo.jpg`,
      `${PHOTO}?v=2`,
      `${ORIGIN}/storage/v1/object/public/${MEDIA_BUCKET}/dossier/photo.jpg`,
      `${ORIGIN}/storage/v1/object/public/${MEDIA_BUCKET}/`,
    ]) {
      expect(responsiveSources(src, '100vw'), src).toEqual({});
      expect(mediaRendering(src, MEDIA_WIDTHS[0]), src).toBeNull();
    }
  });
});
