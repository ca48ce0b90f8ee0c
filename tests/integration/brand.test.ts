import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { clientsFor, type Clients } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildServerBundle } from './site-build.ts';

// The garage's brand on the server-rendered pages (server/brand, src/site/seo/brand-head.ts): the
// theme's stylesheet linked in <head> and served from the site's origin, and the icons made from
// the logo. The real server and a real server bundle, checked without a browser.

const DIST = path.resolve(`.tmp/brand-test-${process.pid}`);

function linkHref(html: string, rel: string): string | undefined {
  const head = html.slice(0, html.indexOf('</head>'));
  return new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(head)?.[1];
}

describe('theme and icons of the public pages', () => {
  let server: TestServer;
  let clients: Clients;
  let dataDir: string;
  let removeBundle: (() => Promise<void>) | undefined;

  const page = async () => (await fetch(`${server.url}/`)).text();
  const setContent = async (type: string, content: unknown) => {
    const { error } = await clients.admin
      .from('site_content')
      .upsert({ type, content: content as never });
    expect(error).toBeNull();
  };

  beforeAll(async () => {
    removeBundle = await buildServerBundle(DIST);
    // The default logo, a file of the built site.
    await copyFile('public/favicon.svg', path.join(DIST, 'favicon.svg'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'garage-brand-'));
    server = await startTestServer({ distDir: DIST, dataDir });
    clients = await clientsFor(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await removeBundle?.();
    // Photo renderings made in the background may still be landing in the folder.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('links the theme in the head of the page, and serves its colours and fonts there', async () => {
    const before = linkHref(await page(), 'stylesheet');
    expect(before).toMatch(/^\/theme\.css\?v=\w+$/);

    await setContent('theme', { primary: '#7a1f1f', accent: '#ffd166', fonts: 'classique' });
    const html = await page();
    const href = linkHref(html, 'stylesheet')!;
    expect(href).not.toBe(before);
    expect(html).toContain('<meta name="theme-color" content="#7a1f1f" />');

    const response = await fetch(server.url + href);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/css/);
    // Named by what it holds: kept a year; an older page's address gets no such promise.
    expect(response.headers.get('cache-control')).toContain('immutable');
    const css = await response.text();
    expect(css).toContain('--navy:#7a1f1f;');
    expect(css).toContain('--accent:#ffd166;');
    expect(css).toMatch(/--font-heading:Georgia/);
    const stale = await fetch(`${server.url}${before}`);
    expect(stale.headers.get('cache-control')).toBe('no-cache');
    expect(await stale.text()).toBe(css);
  });

  it('makes the favicon and the touch icon from an uploaded PNG logo, and follows a new logo', async () => {
    // The default logo (an SVG) gives PNG icons too.
    const fromDefault = await fetch(`${server.url}/favicon.png`);
    expect(fromDefault.status).toBe(200);
    expect(fromDefault.headers.get('content-type')).toBe('image/png');
    const defaultIcon = Buffer.from(await fromDefault.arrayBuffer());

    // A wide red logo with a transparent margin.
    const logo = await sharp({
      create: {
        width: 300,
        height: 150,
        channels: 4,
        background: { r: 200, g: 20, b: 20, alpha: 1 },
      },
    })
      .png()
      .toBuffer();
    const name = `${randomUUID()}.png`;
    const upload = await clients.admin.storage
      .from('media')
      .upload(name, logo, { contentType: 'image/png' });
    expect(upload.error).toBeNull();
    const address = `/storage/v1/object/public/media/${name}`;
    const iconsBefore = linkHref(await page(), 'icon');
    await setContent('identity', { ...DEFAULT_CONTENT.identity, logo: address });

    const html = await page();
    const favicon = linkHref(html, 'icon')!;
    const touch = linkHref(html, 'apple-touch-icon')!;
    expect(favicon).toMatch(/^\/favicon\.png\?v=\w+$/);
    expect(favicon).not.toBe(iconsBefore);
    expect(touch).toMatch(/^\/apple-touch-icon\.png\?v=\w+$/);
    // The template's own SVG icon gives way to the logo's.
    expect(html).not.toContain('favicon.svg');
    // The logo shows in the header, beside the name.
    expect(html).toContain(`<img class="site-header__logo" src="${address}"`);

    for (const [href, size, corner] of [
      [favicon, 48, 0],
      [touch, 180, 255],
    ] as const) {
      const response = await fetch(server.url + href);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toContain('immutable');
      const icon = Buffer.from(await response.arrayBuffer());
      expect(icon.equals(defaultIcon)).toBe(false);
      const { data, info } = await sharp(icon)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([size, size]);
      const at = (x: number, y: number) => [
        ...data.subarray((y * size + x) * 4, (y * size + x) * 4 + 4),
      ];
      // The logo's red in the middle; above it, the margin: transparent on the tab's icon, white
      // on the home screen's (an iPhone shows transparency as black).
      const [r, g, b] = at(size / 2, size / 2);
      expect(r).toBeGreaterThan(180);
      expect(g! + b!).toBeLessThan(80);
      expect(at(size / 2, 2)[3]).toBe(corner === 0 ? 0 : 255);
      if (corner) expect(at(size / 2, 2).slice(0, 3)).toEqual([255, 255, 255]);
    }
  });

  it('falls back to the default logo when the logo names an icon itself', async () => {
    await setContent('identity', { ...DEFAULT_CONTENT.identity, logo: '/favicon.png' });
    const response = await fetch(`${server.url}/favicon.png`);
    expect(response.status).toBe(200);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(48);
  });
});
