import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { startServer } from '../../server/server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres-db.ts';
import { testConfig, withClients, type TestServer } from '../helpers/server.ts';
import { buildServerBundle } from './site-build.ts';

// Photos uploaded by earlier versions were stored by their absolute address on this server: at
// start-up they become site-relative paths (the site can then move to its domain or to HTTPS),
// on both backends, once; other servers' addresses stay; pages, Open Graph and JSON-LD still give
// absolute addresses, on SITE_URL (docs/decisions/039-photos-stored-by-path.md).

const SITE_URL = 'https://garage-exemple.fr';
const ADMIN = { email: 'patron@garage.test', password: 'mot-de-passe-patron-1' };
const FOREIGN = `https://projet.supabase.co/storage/v1/object/public/media/${randomUUID()}.jpg`;

interface Backend {
  name: string;
  /** A fresh database that survives the server's close, opened again for each start. */
  prepare(): Promise<{ open(): Promise<Database>; drop(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'PGlite',
    async prepare() {
      const dir = await mkdtemp(path.join(tmpdir(), 'garage-addresses-'));
      return {
        open: () => openPglite({ dataDir: path.join(dir, 'data') }),
        drop: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'PostgreSQL',
    async prepare() {
      const db: TestDatabase = await createTestDatabase();
      return { open: () => openPostgres(db.url), drop: () => db.drop() };
    },
  },
];

async function sql<R>(db: Database, text: string, params: unknown[] = []): Promise<R[]> {
  return (await db.transaction((tx) => tx.query<R>(text, params))).rows;
}

const historyCount = async (db: Database) =>
  (await sql<{ n: number }>(db, 'select count(*)::int as n from public.content_history'))[0]!.n;

describe.each(backends)('photo addresses stored by path ($name)', (backend) => {
  let database: Awaited<ReturnType<Backend['prepare']>>;
  let config: ServerConfig;
  let server: TestServer | undefined;
  let name: string;
  let old: (host: string, kind?: string) => string;
  let removeBundle: (() => Promise<void>) | undefined;

  const start = async () => {
    server = withClients(await startServer(config, await database.open()));
    return server;
  };

  beforeAll(async () => {
    database = await backend.prepare();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'garage-addresses-files-'));
    removeBundle = await buildServerBundle(path.join(dataDir, 'dist'));
    config = await testConfig({ dataDir, siteUrl: SITE_URL, distDir: path.join(dataDir, 'dist') });
    // An earlier version's site: a photo uploaded through the API, stored by absolute addresses
    // of the hosts the owner used, in a section, a free block's text and a post.
    const first = await start();
    await first.createUser(ADMIN.email, ADMIN.password, true);
    const admin = await first.signedInClient(ADMIN.email, ADMIN.password);
    name = `${randomUUID()}.jpg`;
    const photo = await sharp({
      create: { width: 1000, height: 600, channels: 3, background: '#884422' },
    })
      .jpeg()
      .toBuffer();
    expect((await admin.storage.from('media').upload(name, photo)).error).toBeNull();
    old = (host, kind = 'object') => `${host}/storage/v1/${kind}/public/media/${name}`;

    const { data: hero } = await admin
      .from('site_content')
      .select('content')
      .eq('type', 'hero')
      .single();
    const heroContent = {
      ...(hero!.content as object),
      backgroundImage: old('http://127.0.0.1:3000'),
    };
    expect(
      (await admin.from('site_content').update({ content: heroContent }).eq('type', 'hero')).error,
    ).toBeNull();
    const { error } = await admin.from('blog_posts').insert({
      title: 'Pneus neige',
      slug: 'pneus-neige',
      content: `![L'atelier](${old('http://192.168.1.20:3000', 'render/image')}?width=800)\n\nEt ![ailleurs](${FOREIGN})`,
      image_url: old('http://localhost:3000'),
      published_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(error).toBeNull();
    await first.close();
    server = undefined;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await database?.drop();
    await removeBundle?.();
    await rm(config.dataDir, { recursive: true, force: true });
  });

  it('makes this server’s photo addresses site-relative at start-up, and leaves other servers’ alone', async () => {
    const running = await start();
    const hero = await sql<{ image: string }>(
      running.db,
      `select content->>'backgroundImage' as image from public.site_content where type = 'hero'`,
    );
    expect(hero[0]!.image).toBe(`/storage/v1/object/public/media/${name}`);
    const [post] = await sql<{ image_url: string; content: string }>(
      running.db,
      `select image_url, content from public.blog_posts where slug = 'pneus-neige'`,
    );
    expect(post!.image_url).toBe(`/storage/v1/object/public/media/${name}`);
    expect(post!.content).toBe(
      `![L'atelier](/storage/v1/render/image/public/media/${name}?width=800)\n\nEt ![ailleurs](${FOREIGN})`,
    );
  });

  it('gives visitors and search engines absolute addresses on SITE_URL, and the photo in every width', async () => {
    const home = await (await fetch(`${server!.url}/`)).text();
    expect(home).toContain(
      `<meta property="og:image" content="${SITE_URL}/storage/v1/object/public/media/${name}"`,
    );
    expect(home).toContain(`src="/storage/v1/object/public/media/${name}"`);
    expect(home).toContain(`/storage/v1/render/image/public/media/${name}?width=480 480w`);
    const article = await (await fetch(`${server!.url}/blog/pneus-neige`)).text();
    expect(article).toContain(
      `<meta property="og:image" content="${SITE_URL}/storage/v1/object/public/media/${name}"`,
    );
    expect(article).toContain(`"image":["${SITE_URL}/storage/v1/object/public/media/${name}"]`);
    const rendering = await fetch(
      `${server!.url}/storage/v1/render/image/public/media/${name}?width=480`,
    );
    expect(rendering.status).toBe(200);
  });

  it('changes nothing at the next start', async () => {
    const before = await historyCount(server!.db);
    await server!.close();
    const again = await start();
    expect(await historyCount(again.db)).toBe(before);
  });
});
