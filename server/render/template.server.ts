import type { RenderedPage } from '../../src/entry-server.tsx';

const ROOT = '<div id="root"></div>';
const NOINDEX = '<meta name="robots" content="noindex" />';

/** Fails early on an index.html that lost the pieces a rendered page is put into. */
export function checkTemplate(template: string): void {
  if (!template.includes(ROOT) || !template.includes('</head>')) {
    throw new Error(`index.html doit contenir ${ROOT} et </head>.`);
  }
}

/**
 * The built index.html around a rendered page: its default title and description give way to
 * the page's head, the markup goes into the root element, and the hydration data follows it.
 * Replacements are functions: a `$&` in an article must stay text.
 */
export function pageHtml(template: string, page: RenderedPage): string {
  return (
    template
      .replace(/<title>[\s\S]*?<\/title>\s*/, '')
      .replace(/<meta\s+name="description"[\s\S]*?>\s*/, '')
      // The page's own, from the garage's theme and logo (src/site/seo/brand-head.ts).
      .replace(/<meta\s+name="theme-color"[^>]*>\s*/, '')
      .replace(/<link\s+rel="icon"[^>]*>\s*/, '')
      .replace('</head>', () => `${page.head}</head>`)
      .replace(ROOT, () => `<div id="root">${page.html}</div>${page.data}`)
  );
}

/** The client-only app shell (back-office, login, unknown paths): never indexed. */
export function shellHtml(template: string): string {
  return template.replace('</head>', () => `${NOINDEX}</head>`);
}
