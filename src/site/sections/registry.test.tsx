import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticPathRouter } from '../../app/public-router.tsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadDefaultContent } from '../../content/api.ts';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import {
  EDITABLE_SECTION_TYPES,
  isEditableSectionType,
  SECTION_TYPE_NAMES,
  SECTION_TYPES,
  sectionEditor,
  type SectionType,
} from '../../content/section-types.ts';
import { SECTION_COMPONENTS } from './registry.ts';
import { telHref } from './contact-section.tsx';
import { heroActions } from './hero-actions.ts';
import { REQUEST_FORM_PATH } from '../request/request-route.ts';

/** Renders one section as the server would: no window, no data loaded yet. */
function renderSection(type: SectionType, content?: unknown) {
  const Component = SECTION_COMPONENTS[type] as ComponentType<{ title: string; content?: unknown }>;
  const stored = isEditableSectionType(type) ? DEFAULT_CONTENT[type] : undefined;
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <StaticPathRouter path="/">
        <Component title={SECTION_TYPES[type].title} content={content ?? stored} />
      </StaticPathRouter>
    </QueryClientProvider>,
  );
}

// A section that reads the rest of the site's content (financing: the identity's simulator)
// finds its defaults there, as in a browser before the content has loaded.
beforeAll(() => preloadDefaultContent());

describe('SECTION_COMPONENTS', () => {
  it("gives the spec's section editors their admin routes", () => {
    expect(EDITABLE_SECTION_TYPES.map((type) => sectionEditor(type).path)).toEqual(
      expect.arrayContaining([
        'hero',
        'services',
        'about',
        'hours',
        'pricing',
        'vehicles',
        'financing',
        'blog-section',
        'contact',
      ]),
    );
  });

  it.each(SECTION_TYPE_NAMES)(
    'renders %s on the server under its anchor, from its defaults',
    (type) => {
      const html = renderSection(type);
      expect(html).toContain(`id="${SECTION_TYPES[type].anchor}"`);
      // Only the hero holds the page's h1; every other section is headed by an h2.
      expect(/<h1[ >]/.test(html)).toBe(type === 'hero');
      if (type !== 'hero') expect(html).toMatch(/<h2[ >]/);
    },
  );

  it('shows the content it is given, as the admin preview needs', () => {
    const hours = {
      ...DEFAULT_CONTENT.hours,
      week: { ...DEFAULT_CONTENT.hours.week, samedi: [{ opens: '09:00', closes: '12:00' }] },
    };
    expect(renderSection('hours', hours)).toContain('9h00 - 12h00');
    const pricing = { ...DEFAULT_CONTENT.pricing, t2: '70€/h' };
    expect(renderSection('pricing', pricing)).toMatch(/T2.*70€\/h/);
  });

  it('shows text as text, never as HTML', () => {
    const about = { title: 'À propos', content: '<img src=x onerror=alert(1)>' };
    expect(renderSection('about', about)).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it("shows the identity's details in the contact section, whatever the contact record says", () => {
    const html = renderSection('contact', { ...DEFAULT_CONTENT.contact, phone: '09 99 99 99 99' });
    expect(html).toContain('1 rue de la République, 69001 Lyon');
    expect(html).toContain('href="tel:0400000000"');
    expect(html).toContain('href="mailto:contact@garage-exemple.fr"');
    expect(html).not.toContain('09 99');
  });
});

describe('the look of the sections', () => {
  it('gives the hero two calls to action: a quote request and a call', () => {
    const html = renderSection('hero');
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(
      ([, href, inner]) => [href, inner?.replace(/<[^>]+>/g, '').trim()],
    );
    expect(links).toEqual([
      [REQUEST_FORM_PATH, 'Demander un devis'],
      [telHref(DEFAULT_CONTENT.identity.phone), 'Appeler'],
    ]);
    expect(heroActions('01 23').call.href).toBe('tel:0123');
  });

  it('shows a services picture once, even when the carousel repeats the illustration', () => {
    const { services } = DEFAULT_CONTENT;
    const repeating = { ...services, imageUrl: services.carouselImages[0]?.image ?? '' };
    for (const content of [services, repeating]) {
      const sources = [...renderSection('services', content).matchAll(/ src="([^"]+)"/g)].map(
        ([, src]) => src,
      );
      expect(sources.length).toBeGreaterThan(1);
      expect(new Set(sources).size).toBe(sources.length);
    }
  });

  it.each(SECTION_TYPE_NAMES)('draws no emoji in %s (its icons are inline SVG)', (type) => {
    expect(renderSection(type)).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

describe('telHref', () => {
  it('keeps the digits and a leading +', () => {
    expect(telHref('04 00 00 00 00')).toBe('tel:0400000000');
    expect(telHref(' +33 (0)4.00.00.00.00 ')).toBe('tel:+330400000000');
  });
});
