import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.ts';
import { securityHeaders } from '../security-headers.ts';
import {
  normalizeSiteUrl,
  publishedPages,
  robotsTxt,
  sitemapEntries,
  sitemapXml,
} from './sitemap.ts';

export interface SeoOptions {
  /**
   * The site's public address (SITE_URL, read at server start when not given): sitemaps need
   * absolute URLs. Without it, the address the request came to (behind a proxy that sets
   * X-Forwarded-Proto/Host, only when TRUST_PROXY is on).
   */
  siteUrl?: string | undefined;
}

function siteUrlOf(c: Context, configured: string | undefined, trustProxy: boolean): string {
  if (configured) return configured;
  const url = new URL(c.req.url);
  let protocol = url.protocol;
  let host = url.host;
  if (trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const forwarded = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto === 'http' || proto === 'https') protocol = `${proto}:`;
    if (forwarded && /^[a-z0-9.-]+(:\d+)?$/i.test(forwarded)) host = forwarded;
  }
  return new URL(`${protocol}//${host}`).origin;
}

/**
 * `/sitemap.xml` and `/robots.txt`. Mounted before the site's pages, it also puts the security
 * headers (server/security-headers.ts) on every response of the routes mounted after it: the
 * pages, the files and the sitemap itself.
 */
export function seoRoutes(
  { db, config }: AppContext,
  options: SeoOptions = { siteUrl: process.env.SITE_URL },
): Hono {
  const app = new Hono();
  const configured = normalizeSiteUrl(options.siteUrl);
  const base = (c: Context) => siteUrlOf(c, configured, config.trustProxy);

  app.use('*', securityHeaders());

  app.on(['GET', 'HEAD'], '/sitemap.xml', async (c) => {
    const xml = sitemapXml(sitemapEntries(await publishedPages(db), base(c)));
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(xml);
  });

  app.on(['GET', 'HEAD'], '/robots.txt', (c) => {
    c.header('Content-Type', 'text/plain; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(robotsTxt(base(c)));
  });

  return app;
}
