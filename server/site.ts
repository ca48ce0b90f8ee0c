import { Hono } from 'hono';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from './context.ts';

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

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
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

/** Serves the built site: hashed assets cached for a year, every other path gets the app shell. */
export function siteRoutes({ config }: AppContext): Hono {
  const app = new Hono();
  const root = config.distDir;
  let shell: string | undefined;

  async function appShell(): Promise<string | undefined> {
    if (!root) return undefined;
    try {
      shell ??= injectConfig(await readFile(path.join(root, 'index.html'), 'utf8'), config.anonKey);
      return shell;
    } catch {
      return undefined;
    }
  }

  app.on(['GET', 'HEAD'], '*', async (c) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
    const pathname = decodeURIComponent(new URL(c.req.url).pathname);
    if (root && pathname !== '/' && !pathname.includes('\0')) {
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
    const html = await appShell();
    if (!html) {
      return c.text(
        "Le site n'est pas encore construit : lancez « npm run build » puis relancez le serveur.",
        503,
      );
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return app;
}
