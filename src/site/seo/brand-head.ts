import type { SiteContent } from '../../content/content.ts';
import { fingerprint, themeCssHref, themeTokens } from '../../lib/theme/theme-css.ts';

/** Where the server (server/brand) and the prerender put the icons made from the garage's logo. */
export const FAVICON_PATH = '/favicon.png';
export const TOUCH_ICON_PATH = '/apple-touch-icon.png';

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The garage's brand in a server-rendered page's <head>: the theme's stylesheet (a same-origin
 * file, render-blocking, so the first paint already has the theme's colours), the icons made from
 * the logo, and the browser's bar colour. Each address changes with what it serves
 * (docs/decisions/070-theme.md).
 */
export function brandHeadTags(content: Pick<SiteContent, 'theme' | 'identity'>): string {
  const icons = `?v=${fingerprint(content.identity.logo)}`;
  return (
    `<meta name="theme-color" content="${attribute(themeTokens(content.theme).navy)}" />` +
    `<link rel="stylesheet" href="${attribute(themeCssHref(content.theme))}" />` +
    `<link rel="icon" href="${FAVICON_PATH}${icons}" type="image/png" />` +
    `<link rel="apple-touch-icon" href="${TOUCH_ICON_PATH}${icons}" />`
  );
}
