import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { HoursContent } from '../../src/content/generated/types.ts';
import { REQUEST_FORM_PATH } from '../../src/site/request/request-route.ts';
import { sql } from '../helpers/fixtures.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildServerBundle } from './site-build.ts';

// The opening hours on the server-rendered pages (docs/decisions/058-opening-hours.md): the week
// and the coming exceptions in the hours section, the closure notice at the top of every page
// while a closure lasts, the JSON-LD exceptions, and a page cache that never serves a page of
// the day before once a Paris midnight has passed. The server's clock is set (Date only). A
// closure's last day is content that expires (docs/decisions/088-content-that-expires.md): no
// cache, the server's nor the browser's, keeps a page that shows it past its end.

const DIST = path.resolve(`.tmp/hours-pages-test-${process.pid}`);
const NOTICE = 'Le garage est fermé du 10 au 24 août (Congés d’été).';
const SUMMER: HoursContent = {
  ...DEFAULT_CONTENT.hours,
  closures: [{ from: '2027-08-10', to: '2027-08-24', label: 'Congés d’été' }],
  openings: [],
};

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

/**
 * Until when a cache may reuse this answer without asking the server again (RFC 9111, 4.2.1):
 * `no-cache` and `no-store` answers not at all, others for their max-age or until their Expires.
 */
function reusableUntil(headers: IncomingHttpHeaders, now: number): number {
  const control = headers['cache-control'] ?? '';
  if (/(^|,)\s*(no-cache|no-store)\b/.test(control)) return now;
  const maxAge = /(?:^|,)\s*(?:s-maxage|max-age)=(\d+)/.exec(control)?.[1];
  if (maxAge !== undefined) return now + Number(maxAge) * 1000;
  if (headers.expires !== undefined) return Date.parse(headers.expires);
  // Without any of them a cache may guess a lifetime from Last-Modified only.
  return headers['last-modified'] === undefined ? now : Infinity;
}

describe('opening hours on the server-rendered pages', () => {
  let server: TestServer;
  let removeBundle: (() => Promise<void>) | undefined;
  const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));
  const get = async (pathname: string) => {
    const answer = await rawRequest(server.url + pathname);
    const html = answer.body.toString();
    return { status: answer.status, html, root: rootOf(html) };
  };
  const setHours = (hours: HoursContent) =>
    sql(server.db, `update public.site_content set content = $1::jsonb where type = 'hours'`, [
      JSON.stringify(hours),
    ]);
  const at = (iso: string) => vi.setSystemTime(new Date(iso));

  beforeAll(async () => {
    removeBundle = await buildServerBundle(DIST);
    server = await startTestServer({ distDir: DIST });
    await setHours(SUMMER);
    vi.useFakeTimers({ toFake: ['Date'] });
  }, 180_000);
  afterAll(async () => {
    vi.useRealTimers();
    await server?.close();
    await removeBundle?.();
  });

  // The clock only moves forward, as a server's does: pages cached at one step are still there.
  it('starts showing the closure at the Paris midnight it begins, cached pages included', async () => {
    // 23:59:30 in Paris on Monday 9 August: open. The pages are rendered, then kept.
    at('2027-08-09T21:59:30Z');
    expect((await get('/')).root).not.toContain('closure-notice');
    expect((await get('/blog')).root).not.toContain('closure-notice');
    // Half a minute later, well within the cache's time to live, the closure has begun.
    at('2027-08-09T22:00:01Z');
    expect((await get('/')).root).toContain(NOTICE);
    expect((await get('/blog')).root).toContain(NOTICE);
  });

  it('shows the closure at the top of every page while it lasts, and in the hours section', async () => {
    // Thursday 12 August 2027, 10:00 in Paris.
    at('2027-08-12T08:00:00Z');
    for (const pathname of ['/', '/blog', '/mentions-legales', REQUEST_FORM_PATH]) {
      const { status, root } = await get(pathname);
      expect(status, pathname).toBe(200);
      expect(root, pathname).toContain(`<div class="closure-notice" role="note"><p>${NOTICE}</p>`);
    }
    const { html, root } = await get('/');
    const section = root.slice(root.indexOf('id="horaires"'));
    expect(section).toContain(
      '<dt>Du lundi au vendredi</dt><dd>9h00 - 13h00 et 14h00 - 18h00</dd>',
    );
    expect(section).toContain('<dt>Samedi</dt><dd>Fermé</dd>');
    expect(section).toContain('<dt>Jours fériés</dt><dd>Fermé</dd>');
    expect(section).toContain('<li>Fermé du 10 au 24 août (Congés d’été)</li>');
    const [autoRepair] = jsonLdBlocks(html);
    expect(autoRepair).toMatchObject({
      specialOpeningHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          opens: '00:00',
          closes: '00:00',
          validFrom: '2027-08-10',
          validThrough: '2027-08-24',
        },
      ],
    });
  });

  it('stops showing it at the midnight after its last day', async () => {
    at('2027-08-24T21:59:30Z');
    expect((await get('/')).root).toContain(NOTICE);
    at('2027-08-24T22:00:01Z');
    expect((await get('/')).root).not.toContain('closure-notice');
  });

  it('lists the public holidays of the next 30 days, and an opened one with its hours', async () => {
    await setHours({
      ...DEFAULT_CONTENT.hours,
      closures: [],
      openings: [{ date: '2027-11-11', ranges: [{ opens: '09:00', closes: '12:00' }] }],
    });
    at('2027-10-20T08:00:00Z');
    const { root } = await get('/');
    expect(root).toContain('<li>Lundi 1 novembre (Toussaint) : fermé</li>');
    expect(root).toContain('<li>Jeudi 11 novembre (Armistice 1918) : ouvert 9h00 - 12h00</li>');
    expect(root).not.toContain('closure-notice');
    await setHours(SUMMER);
  });

  it('keeps no page past a closure’s last day without a write, nor lets a browser keep one', async () => {
    const closure = { from: '2027-12-24', to: '2027-12-31', label: 'Fêtes de fin d’année' };
    const notice = 'Le garage est fermé du 24 au 31 décembre (Fêtes de fin d’année).';
    await setHours({ ...DEFAULT_CONTENT.hours, closures: [closure], openings: [] });
    // The midnight after Friday 31 December 2027 in Paris (winter time, UTC+1).
    const end = Date.parse('2027-12-31T23:00:00Z');
    at('2027-12-31T22:59:30Z');
    const before = new Map<string, { etag: string }>();
    for (const pathname of ['/', '/blog']) {
      const answer = await rawRequest(server.url + pathname);
      expect(rootOf(answer.body.toString()), pathname).toContain(notice);
      expect(reusableUntil(answer.headers, Date.now()), pathname).toBeLessThanOrEqual(end);
      before.set(pathname, { etag: String(answer.headers.etag) });
    }
    // Served again from the page cache within its time to live, the notice is still there.
    expect((await get('/')).root).toContain(notice);

    at('2027-12-31T23:00:01Z');
    for (const [pathname, { etag }] of before) {
      // A browser that kept the page asks whether it still holds: it does not.
      const answer = await rawRequest(server.url + pathname, 'GET', { 'if-none-match': etag });
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers.etag, pathname).not.toBe(etag);
      expect(rootOf(answer.body.toString()), pathname).not.toContain('closure-notice');
    }
  });
});
