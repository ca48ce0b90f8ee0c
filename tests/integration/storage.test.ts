import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_WIDTHS } from '../../src/content/media.ts';
import { clientsFor, type Clients } from '../helpers/fixtures.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { eventually } from '../helpers/eventually.ts';

// The site's photos through supabase-js's storage client, unchanged, as on hosted Supabase:
// administrators upload, anyone reads; the server keeps only real images, without their metadata,
// and serves the few widths the site asks for (docs/decisions/023-media-storage.md).

const backends: [string, (dataDir: string) => Promise<TestServer>][] = [
  ['PGlite', (dataDir) => startTestServer({ dataDir })],
  ['PostgreSQL', (dataDir) => startPostgresTestServer({ dataDir })],
];

const photoName = (ext = 'jpg') => `${randomUUID()}.${ext}`;

/** A JPEG of `width`×`height` carrying a camera make and a GPS position in its EXIF. */
function jpegWithLocation(width = 2000, height = 1500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Téléphone', Model: 'Modèle 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .toBuffer();
}

/** GIF sub-blocks: chunks of at most 255 bytes, each after its length, then an empty one. */
function subBlocks(data: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const chunk = data.subarray(at, at + 255);
    blocks.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat([...blocks, Buffer.from([0])]);
}

/**
 * An animated GIF (two frames of 40×30) carrying a comment and an XMP packet with a GPS
 * position, as a phone's editing app may write them, right after its global colour table.
 */
async function gifWithComment(comment: string, xmp: string): Promise<Buffer> {
  const frames = await sharp({
    create: { width: 40, height: 60, channels: 3, background: '#cc3300' },
  })
    .composite([
      {
        input: { create: { width: 40, height: 30, channels: 3, background: '#0033cc' } },
        top: 30,
        left: 0,
      },
    ])
    .raw()
    .toBuffer();
  const gif = await sharp(frames, { raw: { width: 40, height: 60, channels: 3, pageHeight: 30 } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer();
  const packed = gif[10]!;
  const at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  // XMP's application block: the packet as is, then its "magic trailer" of 258 bytes.
  const trailer = Buffer.from([1, ...Array.from({ length: 256 }, (_, i) => 255 - i), 0]);
  return Buffer.concat([
    gif.subarray(0, at),
    Buffer.from([0x21, 0xfe]),
    subBlocks(Buffer.from(comment)),
    Buffer.from([0x21, 0xff, 0x0b]),
    Buffer.from('XMP DataXMP'),
    Buffer.from(xmp),
    trailer,
    gif.subarray(at),
  ]);
}

function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#3366ff' } })
    .png()
    .toBuffer();
}

describe.each(backends)('photo storage (%s)', (_name, start) => {
  let server: TestServer;
  let clients: Clients;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'garage-storage-'));
    server = await start(dataDir);
    clients = await clientsFor(server);
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const media = (actor: keyof Clients) => clients[actor].storage.from('media');

  it('lets an administrator upload a photo, which anyone then downloads', async () => {
    const name = photoName();
    const photo = await jpegWithLocation(800, 600);
    const { data, error } = await media('admin').upload(name, photo, { contentType: 'image/jpeg' });
    expect(error).toBeNull();
    expect(data).toEqual({
      path: name,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fullPath: `media/${name}`,
    });

    for (const actor of ['admin', 'visitor', 'member'] as const) {
      const download = await media(actor).download(name);
      expect(download.error).toBeNull();
      expect(download.data!.type).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await download.data!.arrayBuffer())).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'jpeg',
        width: 800,
        height: 600,
      });
    }
  });

  it('removes the location and camera metadata before storing a photo', async () => {
    const photo = await jpegWithLocation(640, 480);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const name = photoName();
    expect(
      (await media('admin').upload(name, photo, { contentType: 'image/jpeg' })).error,
    ).toBeNull();
    const { data } = await media('visitor').download(name);
    const stored = Buffer.from(await data!.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('Téléphone'))).toBe(false);
  });

  it('removes the comment and the XMP of a GIF, and keeps its animation', async () => {
    const comment = 'Atelier rue des Lilas, Paris';
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.4N"' +
      ' exif:GPSLongitude="2,21.05E"/></rdf:RDF></x:xmpmeta>';
    const gif = await gifWithComment(comment, xmp);
    expect(gif.includes(Buffer.from(comment)) && gif.includes(Buffer.from('GPSLatitude'))).toBe(
      true,
    );
    const name = photoName('gif');
    expect((await media('admin').upload(name, gif, { contentType: 'image/gif' })).error).toBeNull();
    const { data } = await media('visitor').download(name);
    expect(data!.type).toBe('image/gif');
    const stored = Buffer.from(await data!.arrayBuffer());
    for (const secret of [comment, 'GPSLatitude', 'XMP DataXMP', 'xmpmeta'])
      expect(stored.includes(Buffer.from(secret))).toBe(false);
    const meta = await sharp(stored, { animated: true }).metadata();
    expect({
      format: meta.format,
      pages: meta.pages,
      width: meta.width,
      pageHeight: meta.pageHeight,
      delay: meta.delay,
    }).toEqual({ format: 'gif', pages: 2, width: 40, pageHeight: 30, delay: [100, 100] });

    // Its renderings animate too, in WebP and in GIF.
    const url = `${server.url}/storage/v1/render/image/public/media/${name}?width=480`;
    for (const accept of ['image/webp,*/*', 'image/gif']) {
      const rendered = await fetch(url, { headers: { Accept: accept } });
      expect(rendered.status).toBe(200);
      const frames = await sharp(Buffer.from(await rendered.arrayBuffer()), {
        animated: true,
      }).metadata();
      expect({ type: rendered.headers.get('content-type'), pages: frames.pages }).toEqual({
        type: accept === 'image/gif' ? 'image/gif' : 'image/webp',
        pages: 2,
      });
    }
  });

  it('serves the public URL with its type, length, ETag and cache lifetime, and 304 when unchanged', async () => {
    const name = photoName('png');
    const { error } = await media('admin').upload(name, await png(), {
      contentType: 'image/jpeg', // declared wrongly: the content decides
      cacheControl: '600',
    });
    expect(error).toBeNull();
    const url = media('visitor').getPublicUrl(name).data.publicUrl;
    expect(url).toBe(`${server.url}/storage/v1/object/public/media/${name}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe(String(body.byteLength));
    expect(response.headers.get('cache-control')).toBe('max-age=600');
    const eTag = response.headers.get('etag');
    expect(eTag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await fetch(url, { headers: { 'If-None-Match': eTag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('defaults to an hour of cache, refuses a second upload under one name, and replaces it with upsert', async () => {
    const name = photoName('png');
    expect((await media('admin').upload(name, await png(10, 10))).error).toBeNull();
    const url = media('visitor').getPublicUrl(name).data.publicUrl;
    expect((await fetch(url)).headers.get('cache-control')).toBe('max-age=3600');

    const twice = await media('admin').upload(name, await png(20, 20));
    expect(twice.error).toMatchObject({ status: 409, statusCode: '409' });

    const upsert = await media('admin').upload(name, await png(30, 30), { upsert: true });
    expect(upsert.error).toBeNull();
    const meta = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata();
    expect(meta.width).toBe(30);

    const update = await media('admin').update(name, await png(40, 40));
    expect(update.error).toBeNull();
    expect(
      (await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata()).width,
    ).toBe(40);
  });

  it('lists the bucket, bounded, for anyone', async () => {
    const { data, error } = await media('visitor').list('', {
      limit: 2,
      sortBy: { column: 'name', order: 'asc' },
    });
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    expect(data![0]).toMatchObject({
      name: expect.stringMatching(/^[0-9a-f-]{36}\.(jpg|png|gif)$/),
      id: expect.any(String),
      metadata: { mimetype: expect.stringMatching(/^image\//), size: expect.any(Number) },
    });
    expect(data![0]!.name < data![1]!.name).toBe(true);
    const all = await media('admin').list('', { limit: 100_000 });
    expect(all.error).toBeNull();
    expect(all.data!.length).toBeGreaterThanOrEqual(4);
  });

  it('removes photos for administrators only, file included', async () => {
    const name = photoName('png');
    expect((await media('admin').upload(name, await png())).error).toBeNull();
    const file = path.join(dataDir, 'storage', 'media', name);
    expect(existsSync(file)).toBe(true);

    expect(await media('visitor').remove([name])).toEqual({ data: [], error: null });
    expect(await media('member').remove([name])).toEqual({ data: [], error: null });
    expect(existsSync(file)).toBe(true);

    const removed = await media('admin').remove([name]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([expect.objectContaining({ name, bucket_id: 'media' })]);
    expect(existsSync(file)).toBe(false);
    const gone = await fetch(media('visitor').getPublicUrl(name).data.publicUrl);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
  });

  it('keeps a photo that a page or a blog cover still shows, and removes it once replaced', async () => {
    const admin = clients.admin;
    const inPage = photoName();
    const asCover = photoName('png');
    for (const [name, body] of [
      [inPage, await jpegWithLocation(64, 48)],
      [asCover, await png()],
    ] as const) {
      expect((await media('admin').upload(name, body)).error).toBeNull();
    }
    const hero = await admin.from('site_content').select('content').eq('type', 'hero').single();
    const heroContent = hero.data!.content as Record<string, unknown>;
    const inPageUrl = media('admin').getPublicUrl(inPage).data.publicUrl;
    expect(
      (
        await admin
          .from('site_content')
          .upsert({ type: 'hero', content: { ...heroContent, backgroundImage: inPageUrl } })
      ).error,
    ).toBeNull();
    const post = await admin
      .from('blog_posts')
      .insert({
        title: 'Photo de couverture',
        slug: `couverture-${randomUUID()}`,
        content: 'Texte',
        excerpt: 'Résumé',
        // Another domain: the photo is known by its name, wherever the site is served.
        image_url: `https://ancien-domaine.example/storage/v1/object/public/media/${asCover}`,
      })
      .select('id')
      .single();
    expect(post.error).toBeNull();

    expect(await media('admin').remove([inPage, asCover])).toEqual({ data: [], error: null });
    expect((await fetch(inPageUrl)).status).toBe(200);

    expect(
      (await admin.from('site_content').upsert({ type: 'hero', content: heroContent })).error,
    ).toBeNull();
    expect((await admin.from('blog_posts').delete().eq('id', post.data!.id)).error).toBeNull();
    const removed = await media('admin').remove([inPage, asCover]);
    expect(removed.data?.map((object) => object.name).sort()).toEqual([inPage, asCover].sort());
    expect((await fetch(inPageUrl)).status).toBe(404);
  });

  it('refuses uploads from visitors and from users who are not administrators', async () => {
    for (const actor of ['visitor', 'member'] as const) {
      const { data, error } = await media(actor).upload(photoName('png'), await png());
      expect(data).toBeNull();
      expect(error).toMatchObject({
        status: 403,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
    }
  });

  it('refuses anything but a photo, whatever its name and declared type', async () => {
    const fakes = [
      Buffer.from('Bonjour, ceci est du texte.\n'),
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)]),
    ];
    for (const fake of fakes) {
      const name = photoName();
      const { data, error } = await media('admin').upload(name, fake, {
        contentType: 'image/jpeg',
      });
      expect(data).toBeNull();
      // Supabase's words (the back-office says it in French: src/admin/media/upload-photo.ts).
      expect(error).toMatchObject({
        status: 415,
        statusCode: '415',
        message: expect.stringMatching(/^mime type \S+ is not supported$/),
      });
      expect((await fetch(media('visitor').getPublicUrl(name).data.publicUrl)).status).toBe(404);
    }
  });

  it('refuses a file over 15 MB', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(20 * 1024 * 1024)]);
    for (const body of [big, new Blob([big], { type: 'image/png' })]) {
      const { data, error } = await media('admin').upload(photoName('png'), body);
      expect(data).toBeNull();
      expect(error).toMatchObject({
        status: 413,
        message: 'The object exceeded the maximum allowed size',
      });
    }
  });

  it('refuses names a person chose: folders, paths that climb, other extensions', async () => {
    for (const name of [
      '../../etc/passwd',
      'dossier/photo.jpg',
      'photo.jpg',
      `${randomUUID()}.svg`,
      `${randomUUID()}.JPG`,
    ]) {
      const { data, error } = await media('admin').upload(name, await png());
      expect(data).toBeNull();
      expect(error).not.toBeNull();
      expect([400, 403, 404]).toContain((error as { status?: number }).status);
    }
    // Sent as is, past the client's URL normalisation: refused before any policy is asked.
    const { data: session } = await clients.admin.auth.getSession();
    for (const encoded of ['..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd', 'a%00b.jpg']) {
      const response = await fetch(`${server.url}/storage/v1/object/media/${encoded}`, {
        method: 'POST',
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${session.session!.access_token}`,
          'content-type': 'image/png',
        },
        body: new Uint8Array(await png()),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    }
    expect(existsSync(path.join(dataDir, 'etc'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'storage', 'media', 'dossier'))).toBe(false);
  });

  it('makes the standard widths right after an upload, so that visitors never wait for them', async () => {
    const name = photoName();
    expect(
      (await media('admin').upload(name, await jpegWithLocation(1800, 1200))).error,
    ).toBeNull();
    const folder = path.join(dataDir, 'storage', '.render', 'media', name);
    const variants = async () =>
      (await readdir(folder).catch(() => [])).filter((f) => !f.endsWith('.tmp')).sort();
    // Made in the background: a WebP and a JPEG per width (give up after a while).
    const expected = MEDIA_WIDTHS.flatMap((width) => [`${width}-q80.jpg`, `${width}-q80.webp`]);
    const made = await eventually(
      'the renderings',
      async () => {
        const files = await variants();
        return files.length >= expected.length && files;
      },
      { ms: 30_000, every: 200 },
    );
    expect(made.map((f) => f.replace(/^[0-9a-f]+-/, ''))).toEqual(expected.sort());

    // Removing the photo removes its variants.
    expect((await media('admin').remove([name])).error).toBeNull();
    expect(existsSync(folder)).toBe(false);
  });

  it('renders WebP for browsers that take it, the original type otherwise, at a few widths only', async () => {
    const name = photoName();
    expect(
      (await media('admin').upload(name, await jpegWithLocation(2000, 1500))).error,
    ).toBeNull();
    const url = (width: number) =>
      media('visitor').getPublicUrl(name, { transform: { width, quality: 75 } }).data.publicUrl;
    expect(url(480)).toBe(
      `${server.url}/storage/v1/render/image/public/media/${name}?width=480&quality=75`,
    );

    const variant = async (width: number, accept: string) => {
      const response = await fetch(url(width), { headers: { Accept: accept } });
      expect(response.status).toBe(200);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      return {
        type: response.headers.get('content-type'),
        format: meta.format,
        width: meta.width,
        exif: meta.exif,
      };
    };
    expect(await variant(480, 'image/avif,image/webp,*/*')).toEqual({
      type: 'image/webp',
      format: 'webp',
      width: 480,
      exif: undefined,
    });
    expect(await variant(480, 'image/jpeg')).toEqual({
      type: 'image/jpeg',
      format: 'jpeg',
      width: 480,
      exif: undefined,
    });
    // Any other width is served at the next one made.
    for (const [i, below] of MEDIA_WIDTHS.slice(0, -1).entries()) {
      expect(await variant(below + 1, 'image/webp')).toMatchObject({
        format: 'webp',
        width: MEDIA_WIDTHS[i + 1],
      });
    }
    expect(await variant(5000, 'image/webp')).toMatchObject({ format: 'webp', width: 1600 });
    const widthless = await fetch(url(480).replace('width=480&', ''), {
      headers: { Accept: 'image/webp' },
    });
    expect((await sharp(Buffer.from(await widthless.arrayBuffer())).metadata()).width).toBe(1600);

    const first = await fetch(url(480), { headers: { Accept: 'image/webp' } });
    await first.arrayBuffer();
    expect(first.headers.get('vary')).toBe('Accept');
    const again = await fetch(url(480), {
      headers: { Accept: 'image/webp', 'If-None-Match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);

    const bad = await fetch(`${url(480)}&width=abc`.replace('width=480&', ''));
    expect(bad.status).toBe(400);
  });

  it('keeps at most its widths × two formats of variants, whatever quality or width is asked', async () => {
    const name = photoName();
    expect(
      (await media('admin').upload(name, await jpegWithLocation(1800, 1200))).error,
    ).toBeNull();
    const base = `${server.url}/storage/v1/render/image/public/media/${name}`;
    const accepts = ['image/webp', 'image/jpeg'];
    // 81 qualities × widths spread over the whole range, half asking WebP, some `format=origin`.
    for (let quality = 20; quality <= 100; quality++) {
      const width = 1 + ((quality * 97) % 3000);
      const origin = quality % 7 === 0 ? '&format=origin' : '';
      const response = await fetch(`${base}?width=${width}&quality=${quality}${origin}`, {
        headers: { Accept: accepts[quality % 2]! },
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const folder = path.join(dataDir, 'storage', '.render', 'media', name);
    const variants = (await readdir(folder)).filter((f) => !f.endsWith('.tmp'));
    expect(variants.length).toBeGreaterThan(0);
    expect(variants.length).toBeLessThanOrEqual(MEDIA_WIDTHS.length * 2);
  });
});
