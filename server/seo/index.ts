import { Hono } from 'hono';
import type { AppContext } from '../context.ts';
import { securityHeaders } from '../security-headers.ts';
import { publishedPages, robotsTxt, sitemapEntries, sitemapXml } from './sitemap.ts';

/**
 * `/sitemap.xml` and `/robots.txt`. Mounted before the site's pages, it also puts the security
 * headers (server/security-headers.ts) on every response of the routes mounted after it: the
 * pages, the files and the sitemap itself.
 */
export function seoRoutes({
  db,
  config,
  siteUrl,
}: Pick<AppContext, 'db' | 'config' | 'siteUrl'>): Hono {
  const app = new Hono();

  app.use(
    '*',
    securityHeaders({ supabaseUrl: process.env.VITE_SUPABASE_URL, siteUrl: config.siteUrl }),
  );

  app.on(['GET', 'HEAD'], '/sitemap.xml', async (c) => {
    const xml = sitemapXml(sitemapEntries(await publishedPages(db), siteUrl));
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(xml);
  });

  app.on(['GET', 'HEAD'], '/robots.txt', (c) => {
    c.header('Content-Type', 'text/plain; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(robotsTxt(siteUrl));
  });

  return app;
}
