import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database } from '../db/database.ts';
import type * as Entry from '../../src/entry-server.tsx';
import { databaseSource, readContentStamp } from './db-source.server.ts';
import { freshRead } from './fresh-read.server.ts';
import { PageCache, type CachedPage } from './page-cache.server.ts';
import { pageHtml } from './template.server.ts';

export type EntryModule = typeof Entry;

/** Where `npm run build` puts the server bundle of src/entry-server.tsx, inside dist/. */
export const SSR_DIR = '.ssr';

/** The server bundle built beside the site, or undefined when the build has none. */
export async function loadBuiltEntry(distDir: string): Promise<EntryModule | undefined> {
  const file = path.join(distDir, SSR_DIR, 'entry-server.js');
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as EntryModule;
}

export interface SiteRendererOptions {
  db: Database;
  entry: EntryModule;
  /** index.html as built, with the browser's configuration already injected. */
  template: string;
  /** The public origin (SITE_URL); without it, the origin the request was sent to. */
  siteUrl: string | undefined;
  ttlMs?: number;
}

/**
 * Renders the public pages on request, from a cache checked against the content stamp on every
 * request (DESIGN.md "The shape of the system"). Returns undefined for paths it does not render.
 */
export function createSiteRenderer({
  db,
  entry,
  template,
  siteUrl,
  ttlMs = 60_000,
}: SiteRendererOptions) {
  const source = databaseSource(db);
  const stamp = freshRead(() => readContentStamp(db));
  const cache = new PageCache({ ttlMs, maxEntries: 500 });
  const rendering = new Map<string, Promise<CachedPage | undefined>>();

  async function render(pathname: string, origin: string): Promise<CachedPage | undefined> {
    const page = await entry.renderPage(pathname, source, {
      siteUrl: siteUrl ?? origin,
      live: true,
    });
    return page ? { status: page.status, html: pageHtml(template, page) } : undefined;
  }

  return async function renderSitePage(url: URL): Promise<CachedPage | undefined> {
    if (!entry.matchPublicRoute(url.pathname)) return undefined;
    const current = await stamp();
    const key = `${siteUrl ?? url.origin} ${url.pathname}`;
    const cached = cache.get(key, current);
    if (cached) return cached;
    // One render per page and stamp, however many visitors ask at once.
    const flightKey = `${current} ${key}`;
    let flight = rendering.get(flightKey);
    if (!flight) {
      flight = render(url.pathname, url.origin).then((page) => {
        if (page) cache.set(key, current, page);
        return page;
      });
      flight.finally(() => rendering.delete(flightKey)).catch(() => undefined);
      rendering.set(flightKey, flight);
    }
    return flight;
  };
}
