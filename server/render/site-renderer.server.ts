import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database } from '../db/database.ts';
import type * as Entry from '../../src/entry-server.tsx';
import type { RequestFormState } from '../../src/site/request/request-form-model.ts';
import type { SourceFields } from '../../src/lib/request-source.ts';
import { nextParisMidnight } from '../../src/lib/hours/paris-day.ts';
import { databaseSource, readNextPublication } from './db-source.server.ts';
import { contentFreshness } from './freshness.server.ts';
import { PageCache } from './page-cache.server.ts';
import { preparedBytes, preparePage, type PreparedPage } from './prepared-page.server.ts';
import { pageHtml } from './template.server.ts';

export type EntryModule = typeof Entry;

/** A cached page now, or once its freshness is read; undefined when there is none to check. */
export type CachedPage = PreparedPage | Promise<PreparedPage | undefined> | undefined;

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
  /** The public origin (server/context.ts): pages never echo a request's Host. */
  siteUrl: string;
  /** The headers the middlewares in front of the site add to every response (prepared-page). */
  sharedHeaders: Readonly<Record<string, string>>;
  /** Bytes of pages kept at most. */
  maxBytes: number;
  ttlMs?: number;
}

export interface SiteRenderer {
  /** The page of `url`, from the cache or rendered now; undefined for paths it does not render. */
  page(url: URL): Promise<PreparedPage | undefined>;
  /**
   * The cached page of `pathname` when it is still valid: at once when that is known without
   * asking the database (server/render/freshness.server.ts), otherwise once the current stamp is
   * read, if a page is kept for that path; undefined when none is.
   */
  cachedPage(pathname: string): CachedPage;
  /**
   * A page rendered for one visitor, never cached (the request form, with when it was shown and,
   * after a post, what was typed): its HTML, or undefined when `pathname` is no such page.
   */
  personalPage(
    pathname: string,
    requestForm?: RequestFormState,
    /** Where the visitor came from, for a fresh request form (src/lib/request-source.ts). */
    requestSource?: SourceFields | null,
  ): Promise<{ status: number; html: string } | undefined>;
}

/**
 * Renders the public pages on request into a cache
 * (docs/decisions/005-public-pages-weight-and-cache.md). An entry serves while the content it was
 * rendered from is unchanged (freshness.server.ts), for the time to live at most, and never after
 * the next post dated in the future becomes visible, past the next midnight in Paris (the
 * opening hours' day, docs/decisions/058-opening-hours.md), nor past the first end of the content
 * it shows that expires (docs/decisions/088-content-that-expires.md).
 */
export function createSiteRenderer({
  db,
  entry,
  template,
  siteUrl,
  sharedHeaders,
  maxBytes,
  ttlMs = 60_000,
}: SiteRendererOptions): SiteRenderer {
  const source = databaseSource(db);
  const freshness = contentFreshness(db);
  const cache = new PageCache<PreparedPage>({ ttlMs, maxBytes, sizeOf: preparedBytes });
  const rendering = new Map<string, Promise<PreparedPage | undefined>>();

  async function render(pathname: string, key: string, stamp: string) {
    // Read before the content: a post that becomes visible meanwhile only shortens the entry's life.
    const nextPublication = await readNextPublication(db);
    // Every page shows the hours of its Paris day (the closure notice, the coming exceptions): it
    // is not kept past the midnight after the render began, where every closure starts and ends.
    const nextDay = nextParisMidnight(Date.now());
    const page = await entry.renderPage(pathname, source, { siteUrl, live: true });
    if (!page) return undefined;
    const prepared = await preparePage(page.status, pageHtml(template, page), sharedHeaders);
    // Nor past the first end of content that expires by itself, such as a closure's last day
    // (docs/decisions/088-content-that-expires.md).
    const notAfter = Math.min(nextPublication ?? Infinity, nextDay, page.expiresAt ?? Infinity);
    cache.set(key, stamp, prepared, Date.now(), notAfter);
    return prepared;
  }

  return {
    cachedPage(pathname) {
      const stamp = freshness.known();
      if (stamp !== undefined) return cache.get(pathname, stamp);
      // The same read as page() below, shared among the requests that arrive meanwhile.
      if (!cache.has(pathname)) return undefined;
      return freshness.current().then((current) => cache.get(pathname, current));
    },
    async personalPage(pathname, requestForm, requestSource) {
      if (!entry.isPersonalPage(pathname)) return undefined;
      const options = { siteUrl, live: true, requestForm, requestSource };
      const page = await entry.renderPage(pathname, source, options);
      return page ? { status: page.status, html: pageHtml(template, page) } : undefined;
    },
    async page(url) {
      if (!entry.matchPublicRoute(url.pathname) || entry.isPersonalPage(url.pathname))
        return undefined;
      const stamp = await freshness.current();
      const key = url.pathname;
      const cached = cache.get(key, stamp);
      if (cached) return cached;
      // One render per page and stamp, however many visitors ask at once.
      const flightKey = `${stamp} ${key}`;
      let flight = rendering.get(flightKey);
      if (!flight) {
        flight = render(url.pathname, key, stamp);
        flight.finally(() => rendering.delete(flightKey)).catch(() => undefined);
        rendering.set(flightKey, flight);
      }
      return flight;
    },
  };
}
