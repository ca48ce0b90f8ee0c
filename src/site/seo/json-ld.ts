import type { SiteContent } from '../../content/content.ts';
import type { IdentityContent } from '../../content/generated/types.ts';
import { parisToday } from '../../lib/hours/paris-day.ts';
import { openingHoursSpecification, specialOpeningHoursSpecification } from './opening-hours.ts';

const CONTEXT = 'https://schema.org';

export type JsonLd = Record<string, unknown> & { '@context': string; '@type': string };

/** An absolute URL on the site for a root-relative path; absolute URLs are kept. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;
}

/**
 * The absolute http(s) address of an image, or of `fallback` when the image is missing or is not
 * an http(s) address (the database refuses those, this keeps any that got in out of the head).
 */
export function imageUrl(siteUrl: string, image: string | null | undefined, fallback: string) {
  if (image) {
    try {
      const url = absoluteUrl(siteUrl, image);
      if (/^https?:/.test(url)) return url;
    } catch {
      // Not a URL at all: the fallback below.
    }
  }
  return absoluteUrl(siteUrl, fallback);
}

/**
 * The home page's AutoRepair block, from the garage's identity and its opening hours, with the
 * exceptions of the weeks from `today` (a Paris calendar day) on.
 */
export function autoRepairJsonLd(
  content: SiteContent,
  siteUrl: string,
  today = parisToday(Date.now()),
): JsonLd {
  const { identity } = content;
  const hours = openingHoursSpecification(content.hours);
  const special = specialOpeningHoursSpecification(content.hours, today);
  const sameAs = identity.socialLinks.map((link) => link.url.trim());
  return {
    '@context': CONTEXT,
    '@type': 'AutoRepair',
    '@id': absoluteUrl(siteUrl, '/#garage'),
    name: identity.name,
    description: identity.description,
    url: absoluteUrl(siteUrl, '/'),
    logo: imageUrl(siteUrl, identity.logo, '/favicon.svg'),
    image: absoluteUrl(siteUrl, content.hero.backgroundImage),
    address: {
      '@type': 'PostalAddress',
      streetAddress: identity.street.trim(),
      postalCode: identity.postalCode.trim(),
      addressLocality: identity.city.trim(),
      addressCountry: 'FR',
    },
    telephone: identity.phone.trim(),
    email: identity.email.trim(),
    ...(sameAs.length > 0 && { sameAs }),
    ...(hours.length > 0 && { openingHoursSpecification: hours }),
    ...(special.length > 0 && { specialOpeningHoursSpecification: special }),
  };
}

export interface BlogPostingInput {
  title: string;
  slug: string;
  excerpt: string | null;
  image_url: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One article's BlogPosting block; `image` falls back to the picture the page itself shows. */
export function blogPostingJsonLd(
  identity: IdentityContent,
  article: BlogPostingInput,
  siteUrl: string,
  fallbackImage: string,
): JsonLd {
  const url = absoluteUrl(siteUrl, `/blog/${article.slug}`);
  const publisher = {
    '@type': 'Organization',
    name: identity.name,
    url: absoluteUrl(siteUrl, '/'),
  };
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: article.title,
    image: [imageUrl(siteUrl, article.image_url, fallbackImage)],
    datePublished: new Date(article.published_at ?? article.created_at).toISOString(),
    dateModified: new Date(article.updated_at).toISOString(),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: publisher,
    publisher,
    ...(article.excerpt && { description: article.excerpt }),
  };
}

/** The text of a `<script type="application/ld+json">`: `<` escaped so no data closes the tag. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
