import type { MiddlewareHandler } from 'hono';

/**
 * Security headers for every page and file of the site.
 *
 * The Content-Security-Policy allows scripts from the site's own origin only: no `unsafe-eval`
 * (the admin's form validators are precompiled, ECharts draws without eval) and no inline script.
 * The inline blocks the pages carry — JSON-LD, the hydration data and the `supabase-config` block —
 * are `type="application/json"`-like data, which browsers never execute and CSP does not govern.
 * Styles come from the site's stylesheets only: React sets the style props it renders through the
 * CSSOM, which CSP allows, and the public pages render no `style` attribute in their HTML.
 */
export interface SecurityHeaderOptions {
  /**
   * The hosted Supabase project the browser talks to when the site was built with
   * VITE_SUPABASE_URL; the self-hosted API is on the site's own origin.
   */
  supabaseUrl?: string | undefined;
  /** The public address (SITE_URL): HTTPS there turns Strict-Transport-Security on. */
  siteUrl?: string | undefined;
}

/**
 * Browser features the site never uses, turned off for its pages and anything they embed. Only
 * features Chromium knows are listed: an unknown one is reported as an error in the console.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * A year of HTTPS-only for this host, once the site is known to be served over HTTPS. Sub-domains
 * are left out: the garage's domain may have others that are not on HTTPS.
 */
const HSTS = 'max-age=31536000';

/** The origins of a hosted Supabase URL (HTTPS, plus WSS for its realtime socket). */
function supabaseOrigins(url: string | undefined): string[] {
  if (!url?.trim()) return [];
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new Error(`VITE_SUPABASE_URL n'est pas une adresse valide : ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`VITE_SUPABASE_URL doit être une adresse http(s) : ${url}`);
  }
  const socket = `${parsed.protocol === 'https:' ? 'wss:' : 'ws:'}//${parsed.host}`;
  return [parsed.origin, socket];
}

export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    // The owner may give https image addresses (hero, articles).
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...supabaseOrigins(options.supabaseUrl)],
    // The partner slideshow, and the map once the visitor asks for it; the site's own home page
    // in the back-office's « Mon garage » (docs/decisions/073-home-page-in-the-back-office.md).
    'frame-src': ["'self'", 'https:'],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // Only the site itself may frame its pages (that same view of the home page): no other site
    // can, so a click on a framed page cannot be stolen.
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

export function securityHeaderValues(options: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'SAMEORIGIN',
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(options.siteUrl?.startsWith('https://') ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** What every API answer carries: its JSON is never to be read as anything else. */
export function apiSecurityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Permissions-Policy', PERMISSIONS_POLICY);
  };
}

/**
 * Sets the headers on every response that passes through it, whatever handler answered.
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  const headers = Object.entries(securityHeaderValues(options));
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
  };
}
