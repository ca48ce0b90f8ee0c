import { Hono } from 'hono';
import { describeError, log } from './log.ts';
import { isClientOnlyPage } from '../src/app/client-paths.ts';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from './context.ts';
import { answerFor, selectEncoding } from './render/prepared-page.server.ts';
import {
  createSiteRenderer,
  loadBuiltEntry,
  type SiteRenderer,
} from './render/site-renderer.server.ts';
import { shellHtml } from './render/template.server.ts';
import type { RequestFormState } from '../src/site/request/request-form-model.ts';
import { requestSource } from '../src/lib/request-source.ts';
import {
  answerStatic,
  cacheControlFor,
  CONTENT_TYPES,
  loadStaticFiles,
  type StaticFile,
} from './static-files.ts';

/**
 * The browser reads the API's anon key from this data block (never executed) when the site was
 * built without VITE_SUPABASE_* variables, so one build works with any secret.
 */
export function injectConfig(html: string, anonKey: string): string {
  const data = JSON.stringify({ anonKey }).replace(/</g, '\\u003c');
  return html.replace(
    '</head>',
    `<script type="application/json" id="supabase-config">${data}</script></head>`,
  );
}

export interface Site {
  routes: Hono;
  /** The built file at `pathname`, once the files are loaded (server/static-files.ts). */
  staticFile(pathname: string): StaticFile | undefined;
  /** The renderer's cached page, when valid, now or once its freshness is read (SiteRenderer.cachedPage). */
  cachedPage(pathname: string): ReturnType<SiteRenderer['cachedPage']>;
  /** The request form's page in this state, or undefined when the site has no server renderer. */
  requestFormPage(pathname: string, state: RequestFormState): Promise<string | undefined>;
}

/**
 * Serves the built site: hashed assets cached for a year; `/`, `/blog`, `/blog/{slug}` and the
 * legal pages rendered on the server (server/render); every other path gets the client-only app
 * shell, not indexed: 200 for the back-office's pages, 404 for any other.
 * `sharedHeaders`: what the middlewares in front of the site add (server/shared-headers.ts).
 */
export function createSite(
  { config, db, siteUrl }: AppContext,
  sharedHeaders: Readonly<Record<string, string>>,
): Site {
  const app = new Hono();
  const root = config.distDir;
  let files: Map<string, StaticFile> | undefined;
  const loadingFiles = root
    ? loadStaticFiles(root, sharedHeaders).then((loaded) => (files = loaded))
    : Promise.resolve(new Map<string, StaticFile>());
  let site: Promise<{ shell: string; render: SiteRenderer | undefined } | undefined> | undefined;
  let renderer: SiteRenderer | undefined;

  async function loadSite() {
    if (!root) return undefined;
    let template: string;
    try {
      template = injectConfig(
        await readFile(path.join(root, 'index.html'), 'utf8'),
        config.anonKey,
      );
    } catch {
      return undefined;
    }
    const entry = await loadBuiltEntry(root).catch((error: unknown) => {
      log.error(
        `Rendu serveur indisponible, pages servies sans pré-rendu : ${describeError(error)}`,
      );
      return undefined;
    });
    const render = entry
      ? createSiteRenderer({
          db,
          entry,
          template,
          siteUrl,
          sharedHeaders,
          maxBytes: config.pageCacheMaxBytes,
        })
      : undefined;
    renderer = render;
    return { shell: shellHtml(template), render };
  }

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const url = new URL(c.req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = url.pathname;
    }
    // Dot-folders (the server bundle in dist/.ssr) are never served.
    const hidden = pathname.split('/').some((segment) => segment.startsWith('.'));
    if (root && pathname !== '/' && !pathname.includes('\0') && !hidden) {
      const file = path.join(root, path.normalize(pathname));
      if (file.startsWith(root + path.sep) && path.basename(file) !== 'index.html') {
        const inMemory = (await loadingFiles).get(pathname);
        if (inMemory) {
          const answer = answerStatic(
            inMemory,
            c.req.header('accept-encoding'),
            c.req.header('if-none-match'),
          );
          return new Response(answer.body, { status: answer.status, headers: answer.headers });
        }
        // Too big to keep in memory: read at each request.
        const info = await stat(file).catch(() => undefined);
        if (info?.isFile()) {
          c.header('Content-Type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
          c.header('Cache-Control', cacheControlFor(pathname));
          return c.body(await readFile(file));
        }
        if (pathname.startsWith('/assets/')) return c.text('Fichier introuvable', 404);
      }
    }
    site ??= loadSite();
    const loaded = await site;
    if (!loaded) {
      site = undefined;
      return c.text(
        "Le site n'est pas encore construit : lancez « npm run build » puis relancez le serveur.",
        503,
      );
    }
    c.header('Cache-Control', 'no-cache');
    if (loaded.render) {
      try {
        // The request form's page says where its visitor came from (docs/decisions/078-agenda-figures-sources.md).
        const source = requestSource({
          referrer: c.req.header('referer'),
          landing: url.href,
          ownHosts: [new URL(siteUrl).host, c.req.header('host') ?? ''].filter(Boolean),
        });
        const personal = await loaded.render.personalPage(url.pathname, undefined, source);
        if (personal) {
          c.header('Cache-Control', 'no-store');
          return c.html(personal.html, personal.status === 404 ? 404 : 200);
        }
        const page = await loaded.render.page(url);
        if (page) {
          // Gzipped once, at render; deflate, which no browser asks for alone, is left to compress().
          const gzipped = selectEncoding(c.req.header('accept-encoding')) === 'gzip';
          const answer = answerFor(page, gzipped, c.req.header('if-none-match'));
          return new Response(answer.body, { status: answer.status, headers: answer.headers });
        }
        // The back-office's pages are the browser's; any other address names no page: 404, with
        // the shell showing « Page introuvable ».
        if (!isClientOnlyPage(pathname)) return c.html(loaded.shell, 404);
      } catch (error) {
        // The page still works, rendered by the browser.
        log.error(`Rendu serveur de ${url.pathname} impossible : ${describeError(error)}`);
      }
    }
    return c.html(loaded.shell);
  });
  return {
    routes: app,
    cachedPage: (pathname) => renderer?.cachedPage(pathname),
    staticFile: (pathname) => files?.get(pathname),
    async requestFormPage(pathname, state) {
      site ??= loadSite();
      const loaded = await site;
      return (await loaded?.render?.personalPage(pathname, state))?.html;
    },
  };
}
