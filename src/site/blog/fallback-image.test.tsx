// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MEDIA_BUCKET, MEDIA_WIDTHS } from '../../content/media.ts';
import { DEFAULT_POST_IMAGE, FallbackImage } from './fallback-image.tsx';

const PHOTO = `/storage/v1/object/public/${MEDIA_BUCKET}/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d.webp`;

function img(src: string | null) {
  const html = renderToString(
    <FallbackImage src={src} sizes="100vw" alt="" width={640} height={360} />,
  );
  return new DOMParser().parseFromString(html, 'text/html').querySelector('img')!;
}

describe('FallbackImage', () => {
  it('offers the renderings of an uploaded cover photo', () => {
    const cover = img(PHOTO);
    expect(cover.getAttribute('src')).toBe(PHOTO);
    expect(cover.getAttribute('sizes')).toBe('100vw');
    expect(cover.getAttribute('srcset')?.split(', ')).toHaveLength(MEDIA_WIDTHS.length);
  });

  it('shows the default image, alone, when there is no cover', () => {
    const cover = img(null);
    expect(cover.getAttribute('src')).toBe(DEFAULT_POST_IMAGE);
    expect(cover.hasAttribute('srcset')).toBe(false);
  });
});
