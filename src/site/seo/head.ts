import type { SiteContent } from '../../content/content.ts';
import type { IdentityContent } from '../../content/generated/types.ts';
import { ARTICLE_NOT_FOUND_TEXT } from '../blog/messages.ts';
import { blogListTitle, blogPagePath } from '../blog/pages.ts';
import { legalTitle, type LegalPage } from '../legal/legal-pages.ts';
import { legalText } from '../legal/placeholders.ts';
import { requestPageTitle } from '../request/request-route.ts';
import { REQUEST_FORM_PATH } from '../request/request-route.ts';
import {
  absoluteUrl,
  autoRepairJsonLd,
  blogPostingJsonLd,
  imageUrl,
  serializeJsonLd,
} from './json-ld.ts';
import type { BlogPostingInput, JsonLd } from './json-ld.ts';

/** What the `<head>` of one public page says to search engines and link previews. */
export interface PageHead {
  title: string;
  description: string;
  /** The garage's name, as link previews name the site (og:site_name). */
  siteName: string;
  /** Absent on pages that must not be indexed (a missing article). */
  canonicalUrl?: string;
  /** The pages before and after this one in a series (the blog list's pages). */
  prevUrl?: string;
  nextUrl?: string;
  ogType: 'website' | 'article';
  image?: string;
  publishedTime?: string;
  modifiedTime?: string;
  noindex?: boolean;
  jsonLd: JsonLd[];
}

/** The home page's title: the garage's name and its tagline. */
export function homeTitle(identity: IdentityContent): string {
  return `${identity.name} – ${identity.tagline}`;
}

const BLOG_DESCRIPTION =
  "Conseils d'entretien automobile et actualités de l'atelier : entretien, freins, pneus, diagnostic.";
const DESCRIPTION_MAX = 160;

/** One line of at most 160 characters, cut at a word. */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** Markdown reduced to its words, for a description when an article has no excerpt. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:#+|>+|[-*+]\s|\d+\.\s)\s*/gm, '')
    .replace(/[*_`~]+/g, '');
}

export function homeHead(content: SiteContent, siteUrl: string): PageHead {
  const { hero, identity } = content;
  return {
    title: homeTitle(identity),
    description: summarize(identity.description),
    siteName: identity.name,
    canonicalUrl: absoluteUrl(siteUrl, '/'),
    ogType: 'website',
    image: absoluteUrl(siteUrl, hero.backgroundImage),
    jsonLd: [autoRepairJsonLd(content, siteUrl)],
  };
}

/** Page `page` of the blog list; `hasOlder`: a next page of older posts follows it. */
export function blogListHead(
  identity: IdentityContent,
  siteUrl: string,
  page = 1,
  hasOlder = false,
): PageHead {
  return {
    title: blogListTitle(page),
    description: BLOG_DESCRIPTION,
    siteName: identity.name,
    canonicalUrl: absoluteUrl(siteUrl, blogPagePath(page)),
    ...(page > 1 && { prevUrl: absoluteUrl(siteUrl, blogPagePath(page - 1)) }),
    ...(hasOlder && { nextUrl: absoluteUrl(siteUrl, blogPagePath(page + 1)) }),
    ogType: 'website',
    jsonLd: [],
  };
}

export function articleHead(
  identity: IdentityContent,
  article: BlogPostingInput & { content: string },
  siteUrl: string,
  fallbackImage: string,
): PageHead {
  const posting = blogPostingJsonLd(identity, article, siteUrl, fallbackImage);
  return {
    title: `${article.title} – Blog`,
    description: summarize(article.excerpt || plainText(article.content) || article.title),
    siteName: identity.name,
    canonicalUrl: absoluteUrl(siteUrl, `/blog/${article.slug}`),
    ogType: 'article',
    image: imageUrl(siteUrl, article.image_url, fallbackImage),
    publishedTime: posting.datePublished as string,
    modifiedTime: posting.dateModified as string,
    jsonLd: [posting],
  };
}

/** The request form's page (`/rendez-vous`). */
export function requestHead(content: SiteContent, siteUrl: string): PageHead {
  const { identity } = content;
  return {
    title: requestPageTitle(identity),
    description: summarize(
      `Demandez un devis ou un rendez-vous à ${identity.name} : votre véhicule, votre besoin et vos disponibilités, le garage vous répond au plus vite.`,
    ),
    siteName: identity.name,
    canonicalUrl: absoluteUrl(siteUrl, REQUEST_FORM_PATH),
    ogType: 'website',
    jsonLd: [],
  };
}

/** One legal page (`/mentions-legales`, `/confidentialite`), described by its own text. */
export function legalHead(content: SiteContent, siteUrl: string, page: LegalPage): PageHead {
  const { identity, legal } = content;
  return {
    title: legalTitle(page, identity),
    description: summarize(plainText(legalText(identity, legal, page.field))),
    siteName: identity.name,
    canonicalUrl: absoluteUrl(siteUrl, page.path),
    ogType: 'website',
    jsonLd: [],
  };
}

export function missingArticleHead(identity: IdentityContent): PageHead {
  return { ...missingPageHead(identity), title: ARTICLE_NOT_FOUND_TEXT };
}

/** A page of the blog list that does not exist (past the last one). */
export function missingPageHead(identity: IdentityContent): PageHead {
  return {
    title: 'Page introuvable',
    description: BLOG_DESCRIPTION,
    siteName: identity.name,
    ogType: 'website',
    noindex: true,
    jsonLd: [],
  };
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

const meta = (key: 'name' | 'property', name: string, content: string) =>
  `<meta ${key}="${name}" content="${escapeAttribute(content)}" />`;

/**
 * The head tags as HTML. `withTitle: false` leaves the `<title>` to the page component (React
 * renders it, and adopts the same element when it hydrates).
 */
export function renderHeadTags(head: PageHead, { withTitle = true } = {}): string {
  const tags: string[] = [];
  if (withTitle) tags.push(`<title>${escapeAttribute(head.title)}</title>`);
  tags.push(meta('name', 'description', head.description));
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonicalUrl) {
    tags.push(`<link rel="canonical" href="${escapeAttribute(head.canonicalUrl)}" />`);
  }
  if (head.prevUrl) tags.push(`<link rel="prev" href="${escapeAttribute(head.prevUrl)}" />`);
  if (head.nextUrl) tags.push(`<link rel="next" href="${escapeAttribute(head.nextUrl)}" />`);
  tags.push(meta('property', 'og:type', head.ogType));
  tags.push(meta('property', 'og:title', head.title));
  tags.push(meta('property', 'og:description', head.description));
  if (head.canonicalUrl) tags.push(meta('property', 'og:url', head.canonicalUrl));
  tags.push(meta('property', 'og:site_name', head.siteName));
  tags.push(meta('property', 'og:locale', 'fr_FR'));
  if (head.image) tags.push(meta('property', 'og:image', head.image));
  if (head.publishedTime) {
    tags.push(meta('property', 'article:published_time', head.publishedTime));
  }
  if (head.modifiedTime) tags.push(meta('property', 'article:modified_time', head.modifiedTime));
  tags.push(meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'));
  for (const block of head.jsonLd) {
    tags.push(`<script type="application/ld+json">${serializeJsonLd(block)}</script>`);
  }
  return tags.join('');
}
