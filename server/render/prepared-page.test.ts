import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { answerFor, preparePage, selectEncoding } from './prepared-page.server.ts';

const SHARED = { 'x-frame-options': 'DENY' };
const HTML = `<!doctype html><html lang="fr"><body>${'Vidange, freins, pneus. '.repeat(100)}</body></html>`;

describe('selectEncoding', () => {
  it('chooses what hono compress() chooses', async () => {
    const app = new Hono();
    app.use('*', compress());
    app.get('*', (c) => c.html(HTML));
    const headers = [
      undefined,
      '',
      'gzip',
      'gzip, deflate, br, zstd',
      'deflate, gzip;q=0.5',
      'deflate;q=0.2, gzip;q=0.3',
      'br',
      'gzip;q=0',
      '*',
      '*;q=0.5, gzip;q=0',
      'GZIP',
      'identity',
    ];
    for (const header of headers) {
      const response = await app.request('/', {
        headers: header === undefined ? {} : { 'accept-encoding': header },
      });
      const chosen = response.headers.get('content-encoding') ?? undefined;
      expect(selectEncoding(header), `Accept-Encoding: ${header}`).toBe(chosen);
    }
  });
});

describe('preparePage and answerFor', () => {
  it('keeps the page plain and gzipped, each with its length and ETag', async () => {
    const page = await preparePage(200, HTML, SHARED);
    const plain = answerFor(page, false, undefined);
    const gzipped = answerFor(page, true, undefined);
    expect(plain.status).toBe(200);
    expect(plain.body?.toString()).toBe(HTML);
    expect(gunzipSync(gzipped.body!).toString()).toBe(HTML);
    expect(gzipped.body!.length).toBeLessThan(plain.body!.length);
    expect(plain.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'content-type': 'text/html; charset=UTF-8',
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      'content-length': String(Buffer.byteLength(HTML)),
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-length']).toBe(String(gzipped.body!.length));
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(gzipped.headers.etag).not.toBe(plain.headers.etag);
  });

  it('answers 304 to a matching If-None-Match, weak or strong, and 200 otherwise', async () => {
    const page = await preparePage(200, HTML, SHARED);
    const etag = answerFor(page, true, undefined).headers.etag!;
    for (const header of [etag, `W/${etag}`, `"autre", ${etag}`, '*']) {
      const answer = answerFor(page, true, header);
      expect(answer.status).toBe(304);
      expect(answer.body).toBeNull();
      expect(answer.headers).toMatchObject({
        etag,
        vary: 'Accept-Encoding',
        'x-frame-options': 'DENY',
      });
      expect(answer.headers['content-length']).toBeUndefined();
    }
    // The plain page's ETag does not validate the gzipped answer, nor an older page's.
    expect(answerFor(page, false, etag).status).toBe(200);
    expect(answerFor(page, true, '"ancienne-version"').status).toBe(200);
  });

  it('gives a 404 page no ETag and never answers 304 for it', async () => {
    const page = await preparePage(404, HTML, SHARED);
    const answer = answerFor(page, false, '*');
    expect(answer.status).toBe(404);
    expect(answer.headers.etag).toBeUndefined();
    expect(answer.body?.toString()).toBe(HTML);
  });
});
