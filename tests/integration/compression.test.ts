import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  // The site's built files are not needed: the sitemap and the API are enough to see the rule.
  server = await startTestServer({ distDir: path.resolve('.tmp/no-dist') });
});
afterAll(() => server?.close());

/** The raw answer, as a browser receives it before decompressing. */
function raw(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(`${server.url}${pathname}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('sends pages gzipped to browsers that accept it, and plain to others', async () => {
    const plain = await raw('/sitemap.xml');
    const zipped = await raw('/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<urlset');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
    // The security headers survive compression.
    expect(zipped.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends API answers gzipped to clients that accept it, the same JSON once inflated', async () => {
    const headers = { apikey: server.anonKey };
    const plain = await raw('/rest/v1/site_content?select=*', headers);
    const zipped = await raw('/rest/v1/site_content?select=*', {
      ...headers,
      'accept-encoding': 'gzip',
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
    // One row per content type, each seeded with its defaults (but the owner's reply templates,
    // docs/decisions/079-replies-from-templates.md).
    expect(JSON.parse(plain.body.toString())).toHaveLength(Object.keys(DEFAULT_CONTENT).length - 1);
  });
});
