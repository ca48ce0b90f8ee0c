import { useEffect } from 'react';
import { readHydrationData } from '../../app/hydration.ts';
import { useSiteContent } from '../../content/api.ts';
import type { SiteContent } from '../../content/content.ts';
import type { IdentityContent } from '../../content/generated/types.ts';
import { LEGAL_PAGES, type LegalPage } from '../legal/legal-pages.ts';
import type { BlogPostingInput } from './json-ld.ts';
import { REQUEST_FORM_PATH } from '../request/request-route.ts';

/**
 * Which public page is shown, with what its head is built from; null: a page not to index (no
 * describing tags); undefined: not known yet (loading), the head stays as it is.
 */
export type PageHeadSource =
  | { page: 'home'; content: SiteContent }
  | { page: 'blog'; number: number; hasOlder: boolean }
  | { page: 'article'; article: BlogPostingInput & { content: string }; fallbackImage: string }
  | { page: 'legal'; legal: LegalPage; content: SiteContent }
  | { page: 'request'; content: SiteContent }
  | null
  | undefined;

/**
 * The head tags that describe a page (head.ts); `<title>` and a page's robots tag are left to
 * React, which renders them in the page and swaps them on navigation.
 */
const DESCRIBING =
  'meta[name="description"], link[rel="canonical"], link[rel="prev"], link[rel="next"], ' +
  'meta[property^="og:"], meta[property^="article:"], meta[name^="twitter:"], ' +
  'script[type="application/ld+json"]';

/** The paths of the legal pages without their slash, as alternatives of a regular expression. */
const LEGAL_SEGMENTS = [...LEGAL_PAGES.map((page) => page.path), REQUEST_FORM_PATH]
  .map((path) => path.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');
const CANONICAL = new RegExp(`^(https?://.*?)/(?:blog(?:/.*)?|${LEGAL_SEGMENTS})?$`);

/**
 * The site's public address as the server wrote it (SITE_URL) in a page's canonical link:
 * `<site>/`, `<site>/blog`, `<site>/blog/page/<n>`, `<site>/blog/<slug>` or a legal page's;
 * else `fallback`.
 */
export function siteUrlFromCanonical(canonical: string | null | undefined, fallback: string) {
  return CANONICAL.exec(canonical ?? '')?.[1] ?? fallback;
}

let siteUrl: string | undefined;

/** The site's address read once, from the document's first page, before any navigation. */
function siteUrlOf(doc: Document): string {
  siteUrl ??= siteUrlFromCanonical(
    doc.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    doc.location.origin,
  );
  return siteUrl;
}

/** Replaces the describing head tags with `tags` (HTML from head.ts's renderHeadTags). */
export function replaceHeadTags(doc: Document, tags: string): void {
  const template = doc.createElement('template');
  template.innerHTML = tags;
  for (const element of doc.head.querySelectorAll(DESCRIBING)) element.remove();
  doc.head.append(template.content);
}

let latest = 0;

async function applyPageHead(source: PageHeadSource, identity: IdentityContent): Promise<void> {
  const ticket = ++latest;
  const base = siteUrlOf(document);
  // Only needed after a navigation in the browser: kept out of the page's first load.
  const head = await import('./head.ts');
  // A later navigation already replaced this page.
  if (ticket !== latest) return;
  const described =
    source?.page === 'home'
      ? head.homeHead(source.content, base)
      : source?.page === 'blog'
        ? head.blogListHead(identity, base, source.number, source.hasOlder)
        : source?.page === 'article'
          ? head.articleHead(identity, source.article, base, source.fallbackImage)
          : source?.page === 'legal'
            ? head.legalHead(source.content, base, source.legal)
            : source?.page === 'request'
              ? head.requestHead(source.content, base)
              : null;
  // The `<title>` is React's: each page renders its own.
  replaceHeadTags(document, described ? head.renderHeadTags(described, { withTitle: false }) : '');
}

let firstPage = true;

/**
 * Keeps the description, canonical link, Open Graph tags and JSON-LD of the `<head>` those of
 * the page shown, once the visitor moves between pages without reloading. The first page of a
 * document already has the server's (when it was rendered for this path), so nothing is done.
 */
export function usePageHead(source: PageHeadSource): void {
  // Every page's head names the garage (og:site_name, an article's publisher).
  const { identity } = useSiteContent().content;
  // One legal page or the other: the same kind of page, from the same content.
  const page = source?.page === 'legal' ? source.legal.path : (source?.page ?? null);
  const data =
    source?.page === 'home' || source?.page === 'legal' || source?.page === 'request'
      ? source.content
      : source?.page === 'article'
        ? source.article
        : source?.page === 'blog'
          ? `${source.number} ${source.hasOlder}`
          : null;
  useEffect(() => {
    if (source === undefined) return;
    const first = firstPage;
    firstPage = false;
    if (first && readHydrationData(document, window.location.pathname)) {
      siteUrlOf(document);
      return;
    }
    applyPageHead(source, identity).catch((error: unknown) => {
      console.warn("L'en-tête de la page n'a pas pu être mis à jour", error);
    });
    // `source` is rebuilt on every render; what it says is `page` and `data`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, data, identity]);
}
