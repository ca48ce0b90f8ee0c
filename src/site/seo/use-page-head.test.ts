// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { blogListHead, renderHeadTags } from './head.ts';
import { replaceHeadTags, siteUrlFromCanonical } from './use-page-head.ts';

const { identity } = DEFAULT_CONTENT;

describe('siteUrlFromCanonical', () => {
  it("reads the site's address from the canonical link of any public page", () => {
    const fallback = 'http://127.0.0.1:3000';
    expect(siteUrlFromCanonical('https://garage.fr/', fallback)).toBe('https://garage.fr');
    expect(siteUrlFromCanonical('https://garage.fr/blog', fallback)).toBe('https://garage.fr');
    expect(siteUrlFromCanonical('https://garage.fr/blog/page/3', fallback)).toBe(
      'https://garage.fr',
    );
    expect(siteUrlFromCanonical('https://garage.fr/blog/pneus-hiver', fallback)).toBe(
      'https://garage.fr',
    );
    expect(siteUrlFromCanonical('https://exemple.fr/garage/blog/vidange', fallback)).toBe(
      'https://exemple.fr/garage',
    );
  });

  it('falls back to the address the page came from without a canonical link', () => {
    expect(siteUrlFromCanonical(null, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(siteUrlFromCanonical('javascript:alert(1)', 'http://a.fr')).toBe('http://a.fr');
  });
});

describe('replaceHeadTags', () => {
  it("swaps the describing tags for the new page's and leaves the rest of the head alone", () => {
    document.head.innerHTML =
      '<meta charset="utf-8"><title>Accueil</title><meta name="robots" content="noindex">' +
      '<meta name="description" content="ancienne"><link rel="canonical" href="https://garage.fr/">' +
      '<meta property="og:type" content="website"><meta property="article:published_time" content="x">' +
      '<meta name="twitter:card" content="summary"><script type="application/ld+json">{}</script>' +
      '<link rel="stylesheet" href="/assets/site.css">';
    replaceHeadTags(
      document,
      renderHeadTags(blogListHead(identity, 'https://garage.fr'), { withTitle: false }),
    );

    const head = document.head;
    expect(head.querySelector('title')?.textContent).toBe('Accueil');
    expect(head.querySelector('meta[name="robots"]')).not.toBeNull();
    expect(head.querySelector('link[rel="stylesheet"]')).not.toBeNull();
    expect(head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://garage.fr/blog',
    );
    expect(head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(head.querySelector('meta[name="description"]')?.getAttribute('content')).not.toBe(
      'ancienne',
    );
    expect(head.querySelector('meta[property^="article:"]')).toBeNull();
    expect(head.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it("moves a page of the blog list's previous and next links along with it", () => {
    document.head.innerHTML = renderHeadTags(blogListHead(identity, 'https://garage.fr', 1, true));
    replaceHeadTags(
      document,
      renderHeadTags(blogListHead(identity, 'https://garage.fr', 2, true), { withTitle: false }),
    );
    const href = (rel: string) =>
      [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((l) => l.getAttribute('href'));
    expect(href('canonical')).toEqual(['https://garage.fr/blog/page/2']);
    expect(href('prev')).toEqual(['https://garage.fr/blog']);
    expect(href('next')).toEqual(['https://garage.fr/blog/page/3']);

    // The last page: nothing after it.
    replaceHeadTags(
      document,
      renderHeadTags(blogListHead(identity, 'https://garage.fr', 3, false), { withTitle: false }),
    );
    expect(href('prev')).toEqual(['https://garage.fr/blog/page/2']);
    expect(href('next')).toEqual([]);
  });

  it('removes every describing tag for a page not to index', () => {
    document.head.innerHTML =
      '<meta name="description" content="x"><link rel="canonical" href="https://garage.fr/">' +
      '<link rel="prev" href="https://garage.fr/blog"><link rel="next" href="https://garage.fr/blog/page/3">' +
      '<script type="application/ld+json">{}</script><meta property="og:title" content="x">';
    replaceHeadTags(document, '');
    expect(document.head.children).toHaveLength(0);
  });
});
