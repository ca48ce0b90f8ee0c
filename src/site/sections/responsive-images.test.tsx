// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { StaticPathRouter } from '../../app/public-router.tsx';
import { preloadDefaultContent } from '../../content/api.ts';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import { MEDIA_BUCKET, MEDIA_WIDTHS } from '../../content/media.ts';
import {
  isEditableSectionType,
  SECTION_TYPE_NAMES,
  SECTION_TYPES,
} from '../../content/section-types.ts';
import { SECTION_COMPONENTS } from './registry.ts';

const MEDIA = `https://garage.example/storage/v1/object/public/${MEDIA_BUCKET}/`;
const IMAGE_ADDRESS = /^(\/images\/|https?:\/\/).*\.(svg|png|jpe?g|webp|avif|gif)$/;

/** The content with every image address replaced by an uploaded photo's; how many were. */
function withUploadedPhotos(value: unknown, counter: { n: number }): unknown {
  if (typeof value === 'string' && IMAGE_ADDRESS.test(value)) {
    counter.n += 1;
    return `${MEDIA}${String(counter.n).padStart(8, '0')}-0000-4000-8000-000000000000.jpg`;
  }
  if (Array.isArray(value)) return value.map((item) => withUploadedPhotos(item, counter));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withUploadedPhotos(item, counter)]),
    );
  return value;
}

beforeAll(() => preloadDefaultContent());

const withImages = SECTION_TYPE_NAMES.filter((type) => {
  const counter = { n: 0 };
  if (isEditableSectionType(type)) withUploadedPhotos(DEFAULT_CONTENT[type], counter);
  return counter.n > 0;
});

describe('uploaded photos on the home page', () => {
  it('are found in the default content of some sections', () => {
    expect(withImages.length).toBeGreaterThan(0);
  });

  it.each(withImages)('%s offers every rendering of each photo, with its sizes', (type) => {
    const counter = { n: 0 };
    const content = withUploadedPhotos(
      isEditableSectionType(type) ? DEFAULT_CONTENT[type] : undefined,
      counter,
    );
    const Component = SECTION_COMPONENTS[type] as ComponentType<{
      title: string;
      content?: unknown;
    }>;
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <StaticPathRouter path="/">
          <Component title={SECTION_TYPES[type].title} content={content} />
        </StaticPathRouter>
      </QueryClientProvider>,
    );
    const document = new DOMParser().parseFromString(html, 'text/html');
    const photos = [...document.querySelectorAll('img')].filter((img) =>
      img.getAttribute('src')?.startsWith(MEDIA),
    );
    expect(photos).toHaveLength(counter.n);
    for (const img of photos) {
      const widths = (img.getAttribute('srcset') ?? '')
        .split(', ')
        .map((candidate) => candidate.split(' ')[1]);
      expect(widths).toEqual(MEDIA_WIDTHS.map((width) => `${width}w`));
      expect(img.getAttribute('sizes')).toBeTruthy();
      expect(img.getAttribute('width')).toBeTruthy();
      expect(img.getAttribute('height')).toBeTruthy();
    }
  });
});
