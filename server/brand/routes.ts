import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { parseSiteContent, type SiteContent } from '../../src/content/content.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { fingerprint, THEME_CSS_PATH, themeCss } from '../../src/lib/theme/theme-css.ts';
import { FAVICON_PATH, TOUCH_ICON_PATH } from '../../src/site/seo/brand-head.ts';
import type { Database } from '../db/database.ts';
import { describeError, log } from '../log.ts';
import { databaseSource } from '../render/db-source.server.ts';
import { contentFreshness } from '../render/freshness.server.ts';
import { renderIcon, type IconKind } from './icons.ts';

/** Icons kept rendered: a few logos (the current one, and the last ones while pages catch up). */
const MAX_ICONS = 8;
const FOR_A_YEAR = 'public, max-age=31536000, immutable';
const OWN_PATHS = new Set([THEME_CSS_PATH, FAVICON_PATH, TOUCH_ICON_PATH]);

/**
 * `/theme.css`, `/favicon.png` and `/apple-touch-icon.png`, from the stored theme and logo. Pages
 * link them with `?v=` a fingerprint of what they serve (src/site/seo/brand-head.ts): an address
 * whose fingerprint is the current one is kept a year by browsers; any other (an older page) gets
 * the current file, never cached as that address. `fetchLocal` reads the logo from this server (a
 * file of the site, or a photo of the media library), as a visitor would.
 */
export function brandRoutes(
  db: Database,
  fetchLocal: (request: Request) => Promise<Response>,
): Hono {
  const app = new Hono();
  const source = databaseSource(db);
  const freshness = contentFreshness(db);
  const icons = new Map<string, Promise<Buffer>>();
  let read: { stamp: string; content: Promise<SiteContent> } | undefined;

  /** The stored content, read again only after a write, as the page cache does (freshness.server.ts). */
  async function content(): Promise<SiteContent> {
    const stamp = await freshness.current();
    if (read?.stamp !== stamp) {
      const reading = source.siteContentRows().then(parseSiteContent);
      read = { stamp, content: reading };
      reading.catch(() => {
        if (read?.content === reading) read = undefined;
      });
    }
    return read.content;
  }

  function cacheFor(c: Context, current: string): string {
    return c.req.query('v') === current ? FOR_A_YEAR : 'no-cache';
  }

  app.on(['GET', 'HEAD'], THEME_CSS_PATH, async (c) => {
    const css = themeCss((await content()).theme);
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', cacheFor(c, fingerprint(css)));
    return c.body(css);
  });

  /** The logo's bytes, read as a visitor; undefined when it is not on this server or unreadable. */
  async function logoBytes(logo: string): Promise<Uint8Array | undefined> {
    // An address on another site is not fetched from here: the icons then show the default logo.
    if (!logo.startsWith('/') || logo.startsWith('//')) return undefined;
    const url = new URL(logo, 'http://localhost');
    // An icon named as the logo would ask for itself without end.
    if (OWN_PATHS.has(url.pathname)) return undefined;
    const response = await fetchLocal(new Request(url));
    if (!response.ok) return undefined;
    return new Uint8Array(await response.arrayBuffer());
  }

  async function icon(kind: IconKind, bytes: Uint8Array): Promise<Buffer> {
    const key = `${kind} ${createHash('sha256').update(bytes).digest('hex')}`;
    let rendered = icons.get(key);
    if (!rendered) {
      rendered = renderIcon(bytes, kind);
      rendered.catch(() => icons.delete(key));
      icons.set(key, rendered);
      if (icons.size > MAX_ICONS) icons.delete(icons.keys().next().value!);
    }
    return rendered;
  }

  function iconRoute(path: string, kind: IconKind) {
    app.on(['GET', 'HEAD'], path, async (c) => {
      const logo = (await content()).identity.logo;
      let png: Buffer | undefined;
      for (const address of [logo, DEFAULT_CONTENT.identity.logo]) {
        const bytes = await logoBytes(address).catch(() => undefined);
        if (!bytes) continue;
        try {
          png = await icon(kind, bytes);
          break;
        } catch (error) {
          log.error(`Icône impossible à tirer du logo ${address} : ${describeError(error)}`);
        }
      }
      if (!png) return c.text('Icône introuvable', 404);
      c.header('Content-Type', 'image/png');
      c.header('Cache-Control', cacheFor(c, fingerprint(logo)));
      return c.body(new Uint8Array(png));
    });
  }
  iconRoute(FAVICON_PATH, 'favicon');
  iconRoute(TOUCH_ICON_PATH, 'touch');
  return app;
}
