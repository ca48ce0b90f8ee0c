import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import type { SiteContent } from '../../content/content.ts';
import { articleHead, homeHead, renderHeadTags, summarize } from './head.ts';

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
    const head = articleHead(content.identity, article, SITE, '/images/hero-atelier.svg');
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
      const html = renderHeadTags(
        articleHead(content.identity, { ...article, image_url }, SITE, '/images/x.svg'),
      );
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

  it('describes the garage from its identity: name, address, contacts, logo and networks', () => {
    const identity = {
      ...content.identity,
      name: 'Garage Martin',
      street: '12 avenue Jean Jaurès',
      postalCode: '13001',
      city: 'Marseille',
      phone: '04 91 00 00 00',
      email: 'atelier@garage-martin.fr',
      logo: '/images/logo.png',
      socialLinks: [{ label: 'Facebook', url: 'https://facebook.com/garagemartin' }],
    };
    const html = renderHeadTags(homeHead({ ...content, identity }, SITE));
    expect(html).toContain('<title>Garage Martin – entretien et réparation toutes marques</title>');
    expect(html).toContain('<meta property="og:site_name" content="Garage Martin" />');
    expect(html).toContain(`<meta name="description" content="${identity.description}" />`);
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toMatchObject({
      '@type': 'AutoRepair',
      name: 'Garage Martin',
      url: 'https://garage.example/',
      logo: 'https://garage.example/images/logo.png',
      telephone: '04 91 00 00 00',
      email: 'atelier@garage-martin.fr',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 avenue Jean Jaurès',
        postalCode: '13001',
        addressLocality: 'Marseille',
        addressCountry: 'FR',
      },
      sameAs: ['https://facebook.com/garagemartin'],
    });
  });

  it('names the garage as the publisher of its articles', () => {
    const identity = { ...content.identity, name: 'Garage Martin' };
    const html = renderHeadTags(articleHead(identity, article, SITE, '/images/x.svg'));
    expect(html).toContain('<meta property="og:site_name" content="Garage Martin" />');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toMatchObject({ publisher: { name: 'Garage Martin' } });
  });
});
