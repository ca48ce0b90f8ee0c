import { Hono } from 'hono';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from './context.ts';
import { createSiteRenderer, loadBuiltEntry } from './render/site-renderer.server.ts';
import { shellHtml } from './render/template.server.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

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

type RenderSitePage = ReturnType<typeof createSiteRenderer>;

/**
 * Serves the built site: hashed assets cached for a year; `/`, `/blog` and `/blog/{slug}` rendered
 * on the server (server/render); every other path gets the client-only app shell, not indexed.
 */
export function siteRoutes({ config, db }: AppContext): Hono {
  const app = new Hono();
  const root = config.distDir;
  let site: Promise<{ shell: string; render: RenderSitePage | undefined } | undefined> | undefined;

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
      console.error('Rendu serveur indisponible, pages servies sans pré-rendu :', error);
      return undefined;
    });
    const render = entry
      ? createSiteRenderer({ db, entry, template, siteUrl: process.env.SITE_URL || undefined })
      : undefined;
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
        const info = await stat(file).catch(() => undefined);
        if (info?.isFile()) {
          const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
          const immutable = pathname.startsWith('/assets/');
          c.header('Content-Type', type);
          c.header(
            'Cache-Control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
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
        const page = await loaded.render(url);
        if (page) return c.html(page.html, page.status as 200 | 404);
      } catch (error) {
        // The page still works, rendered by the browser.
        console.error(`Rendu serveur de ${url.pathname} impossible :`, error);
      }
    }
    return c.html(loaded.shell);
  });
  return app;
}
