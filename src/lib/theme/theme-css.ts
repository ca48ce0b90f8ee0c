import type { ThemeContent } from '../../content/generated/types.ts';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { mixOklab, parseHex, toHex, type Rgb } from './colour.ts';
import { WHITE } from './contrast-rules.ts';

/**
 * The theme as CSS custom properties, the values src/site/styles/base.css declares by default. The
 * server sends them as a small stylesheet of the site's own origin (/theme.css), linked in each
 * page's <head> before it is drawn, so no page shows the default colours first
 * (docs/decisions/070-theme.md).
 */

const SYSTEM_SANS =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const SERIF = "Georgia, Cambria, 'Times New Roman', Times, serif";
const WIDE_SANS = "Verdana, 'DejaVu Sans', 'Bitstream Vera Sans', Tahoma, Geneva, sans-serif";

/** Headings and body text of each pairing: fonts every device already has, nothing downloaded. */
export const FONT_PAIRINGS: Record<ThemeContent['fonts'], { heading: string; body: string }> = {
  moderne: { heading: SYSTEM_SANS, body: SYSTEM_SANS },
  classique: { heading: SERIF, body: SYSTEM_SANS },
  lisible: { heading: WIDE_SANS, body: WIDE_SANS },
};

const DEFAULT_THEME = DEFAULT_CONTENT.theme;
/** Today's hand-picked shades of the default colours, kept exactly. */
const DEFAULT_NAVY_DEEP = '#0a1b2e';
const DEFAULT_ACCENT_HOVER = '#ffbf1f';
const BLACK: Rgb = [0, 0, 0];

export interface ThemeTokens {
  navy: string;
  /** The footer and the scrolled header: darker than the primary, so white stays readable. */
  navyDeep: string;
  accent: string;
  /** A hovered button: lighter than the accent, so the dark text stays readable. */
  accentHover: string;
  fontHeading: string;
  fontBody: string;
}

function shade(colour: string, byDefault: string, defaultShade: string, derive: (c: Rgb) => Rgb) {
  const rgb = parseHex(colour);
  if (!rgb) return defaultShade;
  if (colour.toLowerCase() === byDefault) return defaultShade;
  return toHex(derive(rgb));
}

/** The custom properties' values; a malformed colour keeps the default (the schema refuses it). */
export function themeTokens(theme: ThemeContent): ThemeTokens {
  const navy = parseHex(theme.primary) ? theme.primary.toLowerCase() : DEFAULT_THEME.primary;
  const accent = parseHex(theme.accent) ? theme.accent.toLowerCase() : DEFAULT_THEME.accent;
  const fonts = FONT_PAIRINGS[theme.fonts] ?? FONT_PAIRINGS.moderne;
  return {
    navy,
    navyDeep: shade(navy, DEFAULT_THEME.primary, DEFAULT_NAVY_DEEP, (c) => mixOklab(c, BLACK, 0.2)),
    accent,
    accentHover: shade(accent, DEFAULT_THEME.accent, DEFAULT_ACCENT_HOVER, (c) =>
      mixOklab(c, WHITE, 0.15),
    ),
    fontHeading: fonts.heading,
    fontBody: fonts.body,
  };
}

/** The stylesheet served at /theme.css. */
export function themeCss(theme: ThemeContent): string {
  const t = themeTokens(theme);
  return (
    `:root{--navy:${t.navy};--navy-deep:${t.navyDeep};--accent:${t.accent};` +
    `--accent-hover:${t.accentHover};--font-heading:${t.fontHeading};--font-body:${t.fontBody}}\n`
  );
}

/** A short fingerprint of a text (FNV-1a), to key a URL by what it serves. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export const THEME_CSS_PATH = '/theme.css';

/** The address of the theme's stylesheet, changing with it so browsers may keep it for long. */
export function themeCssHref(theme: ThemeContent): string {
  return `${THEME_CSS_PATH}?v=${fingerprint(themeCss(theme))}`;
}
