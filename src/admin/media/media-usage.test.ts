import { describe, expect, it } from 'vitest';
import { FORMS } from '../../content/generated/forms.ts';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { findUsages, mediaNameOf } from './media-usage.ts';

const PHOTO = '0b7c2f4e-1d2a-4c3b-9e8f-112233445566.jpg';
const OTHER = 'aa7c2f4e-1d2a-4c3b-9e8f-112233445566.png';
const address = (name: string, host = 'https://garage.example') =>
  `${host}/storage/v1/object/public/media/${name}`;

describe('where a photo of the library is used', () => {
  it('knows a photo by the end of its address, whatever the domain', () => {
    expect(mediaNameOf(address(PHOTO))).toBe(PHOTO);
    expect(mediaNameOf(address(PHOTO, 'http://127.0.0.1:3000'))).toBe(PHOTO);
    expect(mediaNameOf('/images/hero-atelier.svg')).toBeUndefined();
  });

  it('names each editor and blog post that shows it, once, and nothing for an unused photo', () => {
    const hero = { ...DEFAULT_CONTENT.hero, backgroundImage: address(PHOTO) };
    const services = {
      ...DEFAULT_CONTENT.services,
      imageUrl: address(PHOTO, 'https://ancien.example'),
      carouselImages: [{ image: address(PHOTO), alt: 'Atelier' }],
    };
    const sections = [
      { id: 'x', type: 'image', title: 'Notre équipe', content: '', imageUrl: address(PHOTO) },
    ];
    const usages = findUsages(
      [PHOTO, OTHER],
      [
        { type: 'hero', content: hero },
        { type: 'services', content: services },
        { type: 'sections', content: sections },
      ],
      [{ id: 'p', title: 'Vidange', image_url: address(PHOTO) }],
    );
    expect(usages.get(PHOTO)).toEqual([
      { label: FORMS.hero.schema.title, href: '/admin/hero' },
      { label: FORMS.services.schema.title, href: '/admin/services' },
      { label: 'Section « Notre équipe »', href: '/admin' },
      { label: 'Article « Vidange »', href: '/admin/blog' },
    ]);
    expect(usages.get(OTHER)).toEqual([]);
  });
});
