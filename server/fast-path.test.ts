import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../tests/helpers/raw-request.ts';
import { serveFromMemory } from './fast-path.ts';
import { preparePage, type PreparedPage } from './render/prepared-page.server.ts';

const HTML = `<!doctype html><html lang="fr"><body>${'Garage. '.repeat(300)}</body></html>`;
const DECLINED = 599;

describe('serveFromMemory', () => {
  let server: Server;
  let port: number;
  let page: PreparedPage;
  const asked: string[] = [];

  beforeAll(async () => {
    page = await preparePage(200, HTML, { 'x-frame-options': 'DENY' });
    const fast = serveFromMemory({
      cachedPage: (pathname) => {
        asked.push(pathname);
        // Over PostgreSQL a kept page is known fresh once the stamp is read.
        if (pathname === '/apres-lecture') return Promise.resolve(page);
        if (pathname === '/perimee') return Promise.resolve(undefined);
        if (pathname === '/lecture-impossible')
          return Promise.reject(new Error('base injoignable'));
        return pathname === '/' || pathname === '/blog' ? page : undefined;
      },
      staticFile: () => undefined,
    });
    // What the fast path declines would go to Hono; here it gets a status no page has.
    server = createServer((req, res) => {
      fast(req, res, () => res.writeHead(DECLINED).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (path: string, method = 'GET', headers: Record<string, string> = {}) =>
    rawRequest({ port, path }, method, headers);

  it('sends a cached page, plain or gzipped, and nothing but headers for HEAD', async () => {
    asked.length = 0;
    const plain = await send('/');
    expect(plain.status).toBe(200);
    expect(plain.body.toString()).toBe(HTML);
    expect(plain.headers['x-frame-options']).toBe('DENY');
    expect(asked).toEqual(['/']);

    const gzipped = await send('/blog', 'GET', { 'accept-encoding': 'gzip, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(HTML);

    const head = await send('/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(HTML)));
    expect(head.body.length).toBe(0);

    const notModified = await send('/', 'GET', { 'if-none-match': String(plain.headers.etag) });
    expect(notModified.status).toBe(304);
  });

  it('sends a page found fresh once its stamp is read, and declines one found stale or unreadable', async () => {
    const fresh = await send('/apres-lecture');
    expect(fresh.status).toBe(200);
    expect(fresh.body.toString()).toBe(HTML);
    expect((await send('/perimee')).status).toBe(DECLINED);
    expect((await send('/lecture-impossible')).status).toBe(DECLINED);
  });

  it('declines what it cannot answer exactly as the site would', async () => {
    const declined = async (target: string, method = 'GET', headers = {}) =>
      (await send(target, method, headers)).status;
    expect(await declined('/page-inconnue')).toBe(DECLINED);
    expect(await declined('/', 'POST')).toBe(DECLINED);
    expect(await declined('/', 'OPTIONS')).toBe(DECLINED);
    expect(await declined('/?utm_source=journal')).toBe(DECLINED);
    expect(await declined('/blog/../')).toBe(DECLINED);
    expect(await declined('/bl%6fg')).toBe(DECLINED);
    expect(await declined('/', 'GET', { 'accept-encoding': 'deflate' })).toBe(DECLINED);
    expect(await declined('/', 'GET', { host: 'GARAGE.EXAMPLE' })).toBe(DECLINED);
    expect(await declined('/', 'GET', { host: 'garage.example:99999' })).toBe(DECLINED);
    expect(await declined('/', 'GET', { host: 'visiteur@garage.example' })).toBe(DECLINED);
  });

  it('asks the cache for the path alone, whatever host the request names', async () => {
    asked.length = 0;
    expect((await send('/', 'GET', { host: 'garage.example:61000' })).status).toBe(200);
    expect((await send('/blog', 'GET', { host: 'attaquant.example' })).status).toBe(200);
    expect((await send('/', 'GET', { host: 'garage.example:80' })).status).toBe(200);
    expect(asked).toEqual(['/', '/blog', '/']);
  });
});
