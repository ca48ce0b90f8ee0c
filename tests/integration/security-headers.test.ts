import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { contentSecurityPolicy, securityHeaders } from '../../server/security-headers.ts';
import { seoRoutes } from '../../server/seo/index.ts';

/**
 * Security headers on every page and file of the site, and the long-lived cache of hashed
 * assets. The server serves a small stand-in for dist/ here; the browser tests
 * (tests/browser/lighthouse.spec.ts) check the real pages raise no CSP violation.
 */
let server: TestServer;
let distDir: string;

const HASHED = '/assets/index-AbC123xy.js';
const PAGES = [
  '/',
  '/blog',
  '/blog/un-article',
  '/admin',
  '/admin/blog',
  '/admin-login',
  '/installation',
  '/page-inconnue',
  '/sitemap.xml',
  '/robots.txt',
  HASHED,
  '/favicon.svg',
  '/assets/absent-00000000.js',
];

/** `default-src 'self'; img-src ...` → { 'default-src': ["'self'"], ... } */
function parseCsp(header: string | null): Record<string, string[]> {
  expect(header, 'Content-Security-Policy header').toBeTruthy();
  const directives: Record<string, string[]> = {};
  for (const part of header!.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives[name], `directive ${name} given twice`).toBeUndefined();
    directives[name.toLowerCase()] = sources;
  }
  return directives;
}

function expectStrictPolicy(csp: Record<string, string[]>): void {
  const all = Object.values(csp).flat();
  expect(all).not.toContain("'unsafe-eval'");
  expect(all).not.toContain("'wasm-unsafe-eval'");
  expect(all).not.toContain("'unsafe-hashes'");
  expect(csp['default-src']).toEqual(["'self'"]);
  // Scripts from the site only: no inline script, no eval, no other host.
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['script-src-elem']).toBeUndefined();
  expect(csp['script-src-attr']).toBeUndefined();
  expect(csp['style-src']).toEqual(["'self'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(csp['form-action']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'self'"]);
  // What the pages need: the owner's https images, the partner slideshow and the map, and the
  // site's own home page in « Mon garage »; no other site may frame a page.
  expect(csp['img-src']).toEqual(["'self'", 'data:', 'https:']);
  expect(csp['frame-src']).toEqual(["'self'", 'https:']);
  expect(csp['connect-src']).toEqual(["'self'"]);
}

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'garage-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="fr"><head><title>Garage</title>' +
      `<script type="module" crossorigin src="${HASHED}"></script></head>` +
      '<body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(distDir, HASHED), 'console.log("garage");\n');
  await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  delete process.env.VITE_SUPABASE_URL;
  server = await startTestServer({ distDir });
});

afterAll(async () => {
  await server?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each(PAGES)('%s has a strict CSP, nosniff, a referrer policy and no framing', async (page) => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(server.url + page, { method });
      expect(response.status, `${method} ${page}`).toBeLessThan(500);
      expectStrictPolicy(parseCsp(response.headers.get('content-security-policy')));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      await response.arrayBuffer();
    }
  });

  it('lets the browser reach a hosted Supabase project when the site was built for one', () => {
    const csp = parseCsp(contentSecurityPolicy({ supabaseUrl: 'https://abcd.supabase.co/' }));
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://abcd.supabase.co',
      'wss://abcd.supabase.co',
    ]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(() => contentSecurityPolicy({ supabaseUrl: 'javascript:alert(1)' })).toThrow(/http/);
  });

  it('reads VITE_SUPABASE_URL from the environment when the site is mounted', async () => {
    process.env.VITE_SUPABASE_URL = 'https://projet.supabase.co';
    try {
      const app = new Hono();
      app.route('/', seoRoutes({ db: server.db, config: server.config, siteUrl: server.url }));
      app.get('/', (c) => c.html('<p>ok</p>'));
      const csp = parseCsp((await app.request('/')).headers.get('content-security-policy'));
      expect(csp['connect-src']).toContain('https://projet.supabase.co');
    } finally {
      delete process.env.VITE_SUPABASE_URL;
    }
  });

  it('keeps the headers on an error page', async () => {
    const app = new Hono();
    app.use('*', securityHeaders({}));
    app.onError((_error, c) => c.text('Erreur', 500));
    app.get('/', () => {
      throw new Error('boom');
    });
    const response = await app.request('/');
    expect(response.status).toBe(500);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('browser features and HTTPS', () => {
  const API = ['/rest/v1/site_content?select=type', '/auth/v1/health', '/rest/v1/inconnue'];

  it.each([...PAGES, ...API])(
    '%s turns off the browser features the site does not use',
    async (page) => {
      const response = await fetch(server.url + page);
      const policy = response.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(policy).toContain(`${feature}=()`);
      await response.arrayBuffer();
    },
  );

  it.each(API)('API answer %s is never sniffed as another type', async (path) => {
    const response = await fetch(server.url + path, { headers: { apikey: server.anonKey } });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await response.arrayBuffer();
  });

  it('sends Strict-Transport-Security only once the site is known to be on HTTPS', async () => {
    const plain = await fetch(server.url + '/');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    await plain.arrayBuffer();
    const https = await startTestServer({ distDir, siteUrl: 'https://garage-exemple.fr' });
    try {
      for (const page of ['/', '/blog', '/robots.txt', HASHED]) {
        const response = await fetch(https.url + page);
        expect(response.headers.get('strict-transport-security'), page).toBe('max-age=31536000');
        await response.arrayBuffer();
      }
    } finally {
      await https.close();
    }
  });
});

describe('cache headers', () => {
  it('caches hashed assets for a year, as immutable', async () => {
    const response = await fetch(server.url + HASHED);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('has browsers check the pages and the unhashed files again', async () => {
    for (const page of ['/', '/blog', '/blog/un-article']) {
      const response = await fetch(server.url + page);
      const cacheControl = response.headers.get('cache-control') ?? '';
      expect(cacheControl, page).not.toMatch(/immutable/);
      expect(cacheControl, page).toMatch(/no-cache|no-store|max-age=0\b/);
      await response.arrayBuffer();
    }
    const favicon = await fetch(server.url + '/favicon.svg');
    expect(favicon.headers.get('cache-control')).not.toMatch(/immutable/);
    await favicon.arrayBuffer();
  });

  it('never caches a missing asset for long', async () => {
    const response = await fetch(server.url + '/assets/absent-00000000.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
    await response.arrayBuffer();
  });
});
