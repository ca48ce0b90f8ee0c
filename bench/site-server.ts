/**
 * The site server as the benchmarks run it: exactly what `npm start` runs, the built server
 * (`dist/.server/main.mjs`, production mode) in its own process (so the load generator does not
 * share its event loop), over a fresh embedded database, and the three articles the pages show.
 * Everything listens on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import WebSocket from 'ws';
import { DEFAULT_CONTENT } from '../src/content/generated/defaults.ts';
import { MEDIA_BUCKET, MEDIA_WIDTHS, mediaRendering } from '../src/content/media.ts';
import { makeApiKey } from '../server/jwt.ts';
import { freePort } from '../tests/helpers/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface StartedServer {
  url: string;
  serviceKey: string;
  stop(): Promise<void>;
}

/** The built server in a child process, serving dist/ as built. */
export async function startSiteServer(
  dataDir: string,
  nodeArgs: string[] = [],
): Promise<StartedServer> {
  const port = await freePort();
  const jwtSecret = randomBytes(32).toString('hex');
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, path.join(ROOT, 'dist/.server/main.mjs')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DIST_DIR: path.join(ROOT, 'dist'),
        JWT_SECRET: jwtSecret,
        PUBLISH_INTERVAL_MS: '0',
        // The load comes from one address at machine speed.
        API_RATE_LIMIT: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`The server stopped:\n${stderr}`);
    try {
      const response = await fetch(`${url}/robots.txt`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error(`The server did not start:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    serviceKey: await makeApiKey('service_role', jwtSecret),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const ARTICLE = `Un entretien régulier prolonge la vie de votre voiture et évite les pannes coûteuses.

## Les points à vérifier chaque année

- le niveau et l'état de l'huile moteur ;
- les plaquettes et les disques de frein ;
- la pression et l'usure des pneus ;
- la batterie, surtout avant l'hiver.

## Quand faire la vidange ?

Suivez le carnet d'entretien du constructeur : en général tous les 15 000 à 30 000 km, ou une fois par an.
Un moteur qui roule surtout en ville mérite une vidange plus fréquente.

## Nos conseils

Prenez rendez-vous avant un long trajet : nous contrôlons gratuitement les niveaux et l'éclairage.
`;

/** Three published articles; returns the path of the newest. */
export async function seedArticles(server: StartedServer): Promise<string> {
  const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  const posts = [
    [
      'Préparer sa voiture pour l’hiver',
      'preparer-sa-voiture-pour-l-hiver',
      1,
      '/images/hero-route.svg',
    ],
    [
      'Quand changer ses plaquettes de frein ?',
      'quand-changer-ses-plaquettes',
      8,
      '/images/service-freins.svg',
    ],
    ['Vidange : le guide complet', 'vidange-le-guide-complet', 20, '/images/service-entretien.svg'],
  ] as const;
  const response = await fetch(`${server.url}/rest/v1/blog_posts`, {
    method: 'POST',
    headers: {
      apikey: server.serviceKey,
      authorization: `Bearer ${server.serviceKey}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify(
      posts.map(([title, slug, age, image]) => ({
        title,
        slug,
        content: ARTICLE,
        excerpt: 'Nos conseils de garagiste, simplement.',
        image_url: image,
        published_at: days(age),
      })),
    ),
  });
  if (!response.ok)
    throw new Error(`Seeding articles: HTTP ${response.status} ${await response.text()}`);
  return `/blog/${posts[0][1]}`;
}

/**
 * A phone photo of about 4 MB (4032×3024 JPEG, noisy enough not to compress away) uploaded to the
 * media bucket and made the hero's background; returns its size in bytes.
 */
export async function useHeroPhoto(server: StartedServer): Promise<number> {
  const [width, height] = [4032, 3024];
  let photo: Buffer = Buffer.alloc(0);
  for (let quality = 80; quality <= 95 && photo.length < 4_000_000; quality += 3) {
    photo = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .blur(1.1)
      .jpeg({ quality })
      .toBuffer();
  }
  const supabase = createClient(server.url, server.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket of its own; the client builds its realtime part even unused.
    realtime: { transport: WebSocket as never },
  });
  const name = `${randomUUID()}.jpg`;
  const bucket = supabase.storage.from(MEDIA_BUCKET);
  const { error } = await bucket.upload(name, photo, { contentType: 'image/jpeg' });
  if (error) throw new Error(`Uploading the hero photo: ${error.message}`);
  const address = bucket.getPublicUrl(name).data.publicUrl;
  const hero = { ...DEFAULT_CONTENT.hero, backgroundImage: address };
  const saved = await supabase.from('site_content').upsert({ type: 'hero', content: hero });
  if (saved.error) throw new Error(`Saving the hero: ${saved.error.message}`);
  // The server makes the renderings right after an upload; a visitor comes later. Wait for them.
  for (const width of MEDIA_WIDTHS) {
    const rendering = await fetch(mediaRendering(address, width)!, {
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    await rendering.arrayBuffer();
    if (!rendering.ok) throw new Error(`Rendering ${width}: HTTP ${rendering.status}`);
  }
  return photo.length;
}
