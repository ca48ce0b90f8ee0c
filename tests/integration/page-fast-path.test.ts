import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/server.ts';
import { testConfig, withClients, type TestServer } from '../helpers/server.ts';
import { countingPglite, type CountingDatabase } from './counting-database.ts';
import { rawRequest, type RawAnswer } from '../helpers/raw-request.ts';
import { buildServerBundle } from './site-build.ts';

// A cached page is sent straight from the Node listener (server/fast-path.ts), past Hono and its
// middlewares. Whoever sends it, the visitor must get the same answer: the first request of a page
// (a miss, rendered through Hono), a hit on the fast path, and a hit through Hono (a query string
// keeps a request off the fast path) are compared here header by header and byte for byte.

const DIST = path.resolve(`.tmp/page-fast-path-test-${process.pid}`);
const ASSET = '/assets/app-Ab12Cd34.js';
const ASSET_TEXT = `console.log(${JSON.stringify('Garage. '.repeat(400))});\n`;

/** Every header but Date, which moves with the clock. */
function comparable(answer: RawAnswer) {
  const { date, ...headers } = answer.headers;
  expect(date).toBeTruthy();
  return { status: answer.status, headers, body: answer.body.toString('base64') };
}

describe('the fast path for cached pages', () => {
  let server: TestServer;
  let db: CountingDatabase;
  let removeBundle: (() => Promise<void>) | undefined;
  let edits = 0;

  /** A write through the API, so that the next request of every page is a miss. */
  async function invalidate() {
    edits += 1;
    const { error } = await server
      .serviceClient()
      .from('site_content')
      .upsert({
        type: 'about',
        content: { title: 'À propos', content: `Garage familial, modification ${edits}.` },
      });
    expect(error).toBeNull();
  }

  /** The answer, and whether the database was asked anything meanwhile (a miss renders). */
  async function send(pathname: string, method: string, headers: Record<string, string>) {
    const before = db.transactions;
    const answer = await rawRequest(server.url + pathname, method, headers);
    return { answer, queried: db.transactions > before };
  }

  beforeAll(async () => {
    removeBundle = await buildServerBundle(DIST);
    // A built asset with the compressed copies `npm run build` writes beside it.
    await mkdir(path.join(DIST, 'assets'), { recursive: true });
    await writeFile(path.join(DIST, ASSET), ASSET_TEXT);
    execFileSync(process.execPath, ['scripts/compress-assets.mjs', DIST]);
    db = await countingPglite();
    server = withClients(await startServer(await testConfig({ distDir: DIST }), db));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await removeBundle?.();
  });

  const cases: [string, string, Record<string, string>][] = [
    ['GET', '/', {}],
    ['GET', '/', { 'accept-encoding': 'gzip, deflate, br' }],
    ['HEAD', '/', {}],
    ['HEAD', '/', { 'accept-encoding': 'gzip' }],
    ['GET', '/blog', { 'accept-encoding': 'gzip' }],
    ['GET', '/blog/article-inconnu', {}],
    ['GET', '/blog/article-inconnu', { 'accept-encoding': 'gzip' }],
    ['HEAD', '/blog/article-inconnu', {}],
  ];
  it.each(cases)(
    '%s %s %o: a hit answers exactly as the miss did',
    async (method, pathname, headers) => {
      await invalidate();
      const miss = await send(pathname, method, headers);
      const fast = await send(pathname, method, headers);
      const viaHono = await send(`${pathname}?via=hono`, method, headers);
      expect(miss.queried).toBe(true);
      expect(fast.queried).toBe(false);
      expect(viaHono.queried).toBe(false);
      expect(comparable(fast.answer)).toEqual(comparable(miss.answer));
      expect(comparable(viaHono.answer)).toEqual(comparable(miss.answer));

      const { headers: sent } = miss.answer;
      expect(sent['content-security-policy']).toContain("default-src 'self'");
      expect(sent['x-frame-options']).toBe('SAMEORIGIN');
      expect(sent['cache-control']).toBe('no-cache');
      expect(sent['content-type']).toBe('text/html; charset=UTF-8');
      expect(sent.vary).toBe('Accept-Encoding');
      const gzipped = (headers['accept-encoding'] ?? '').includes('gzip');
      expect(sent['content-encoding']).toBe(gzipped ? 'gzip' : undefined);
      expect(Number(sent['content-length'])).toBeGreaterThan(1000);
      if (method === 'HEAD') expect(miss.answer.body.length).toBe(0);
      else expect(miss.answer.body.length).toBe(Number(sent['content-length']));
      expect(miss.answer.status).toBe(pathname.includes('inconnu') ? 404 : 200);
    },
  );

  it('answers 304 to a browser that holds the page, on either path', async () => {
    await invalidate();
    for (const encoding of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const page = await send('/', 'GET', encoding);
      const etag = page.answer.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const fast = await send('/', 'GET', { ...encoding, 'if-none-match': etag! });
      const viaHono = await send('/?via=hono', 'GET', { ...encoding, 'if-none-match': etag! });
      expect(fast.answer.status).toBe(304);
      expect(fast.answer.body.length).toBe(0);
      expect(fast.answer.headers.etag).toBe(etag);
      expect(comparable(viaHono.answer)).toEqual(comparable(fast.answer));
    }
    await invalidate();
    const changed = await send('/', 'GET', { 'if-none-match': '"une-ancienne-version"' });
    expect(changed.answer.status).toBe(200);
  });

  it('leaves deflate, asked alone, to the compress middleware', async () => {
    const plain = await send('/', 'GET', {});
    const deflated = await send('/', 'GET', { 'accept-encoding': 'deflate' });
    expect(deflated.answer.headers['content-encoding']).toBe('deflate');
    expect(deflated.answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(inflateSync(deflated.answer.body).toString()).toBe(plain.answer.body.toString());
  });

  const encodings: [string, string | undefined][] = [
    ['', undefined],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
  ];
  it.each(encodings)(
    'sends a built file precompressed for Accept-Encoding %j, the same on either path',
    async (accept, expected) => {
      const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
      const fast = await send(ASSET, 'GET', headers);
      const viaHono = await send(`${ASSET}?via=hono`, 'GET', headers);
      expect(fast.queried).toBe(false);
      expect(comparable(viaHono.answer)).toEqual(comparable(fast.answer));
      const sent = fast.answer.headers;
      expect(sent['content-encoding']).toBe(expected);
      expect(sent.vary).toBe('Accept-Encoding');
      expect(sent['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(sent['content-security-policy']).toContain("default-src 'self'");
      const body = fast.answer.body;
      const text =
        expected === 'br'
          ? brotliDecompressSync(body)
          : expected === 'gzip'
            ? gunzipSync(body)
            : body;
      expect(text.toString()).toBe(ASSET_TEXT);
      if (expected) expect(body.length).toBeLessThan(ASSET_TEXT.length / 5);
      const again = await send(ASSET, 'GET', { ...headers, 'if-none-match': sent.etag! });
      expect(again.answer.status).toBe(304);
    },
  );
});
