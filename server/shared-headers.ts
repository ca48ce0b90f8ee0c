import { securityHeaderValues } from './security-headers.ts';

/** Response headers the API lets a browser's script read (CORS), as on hosted Supabase. */
export const EXPOSED_HEADERS = ['content-range', 'content-location', 'x-supabase-api-version'];

/**
 * What the middlewares of server/app.ts add to every response but a CORS preflight: the API's CORS
 * headers (the API is mounted at the root, so they reach the site's responses too) and the
 * security headers (server/seo). A response sent without those middlewares (server/fast-path.ts)
 * carries these itself; tests/integration/page-fast-path.test.ts checks the two agree.
 */
export function sharedResponseHeaders(
  config: { siteUrl: string | undefined },
  supabaseUrl = process.env.VITE_SUPABASE_URL,
): Record<string, string> {
  const security = Object.entries(securityHeaderValues({ supabaseUrl, siteUrl: config.siteUrl }));
  return {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSED_HEADERS.join(','),
    ...Object.fromEntries(security.map(([name, value]) => [name.toLowerCase(), value])),
  };
}
