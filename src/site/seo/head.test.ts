import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import type { SiteContent } from '../../content/content.ts';
import { articleHead, homeHead, renderHeadTags, summarize } from './head.ts';
import { postalAddress } from './json-ld.ts';

const SITE = 'https://garage.example';
const content = DEFAULT_CONTENT as SiteContent;
const article = {
  title: 'Pneus & "hiver" <2026>',
  slug: 'pneus-hiver',
  content: '## Quand ?\n\nAvant **novembre**.',
  excerpt: null,
  image_url: null,
  published_at: '2026-01-10T08:00:00+00:00',
  created_at: '2026-01-09T08:00:00+00:00',
  updated_at: '2026-01-11T09:30:00+00:00',
};

describe('head tags', () => {
  it('gives the home page its canonical URL, Open Graph tags and AutoRepair block', () => {
    const html = renderHeadTags(homeHead(content, SITE));
    expect(html).toContain('<link rel="canonical" href="https://garage.example/" />');
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain('"@type":"AutoRepair"');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('marks an article as og:type article, escapes its title and describes it', () => {
    const head = articleHead(article, SITE, '/images/hero-atelier.svg');
    expect(head.description).toBe('Quand ? Avant novembre.');
    const html = renderHeadTags(head, { withTitle: false });
    expect(html).not.toContain('<title>');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('content="Pneus &amp; &quot;hiver&quot; &lt;2026&gt; – Blog"');
    expect(html).toContain(
      '<meta property="article:modified_time" content="2026-01-11T09:30:00.000Z" />',
    );
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Pneus & "hiver" <2026>',
      image: ['https://garage.example/images/hero-atelier.svg'],
      datePublished: '2026-01-10T08:00:00.000Z',
      dateModified: '2026-01-11T09:30:00.000Z',
    });
  });

  it('never puts a cover address other than http(s) in og:image or JSON-LD', () => {
    for (const image_url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'vbscript:x']) {
      const html = renderHeadTags(articleHead({ ...article, image_url }, SITE, '/images/x.svg'));
      expect(html).not.toMatch(/javascript:|data:|vbscript:/);
      expect(html).toContain(
        '<meta property="og:image" content="https://garage.example/images/x.svg" />',
      );
    }
  });

  it('cuts long descriptions at a word', () => {
    const text = summarize('mot '.repeat(100));
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('mot…')).toBe(true);
  });

  it('structures a French postal address and keeps any other text as written', () => {
    expect(postalAddress('1 rue de la République\n69001 Lyon')).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '1 rue de la République',
      postalCode: '69001',
      addressLocality: 'Lyon',
      addressCountry: 'FR',
    });
    expect(postalAddress('Zone artisanale, sortie 12')).toBe('Zone artisanale, sortie 12');
  });
});
