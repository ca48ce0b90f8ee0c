import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { seedDefaultContent } from '../../server/seed.ts';
import { sql } from '../helpers/fixtures.ts';
import { requestFrom } from '../helpers/from-address.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { buildServerBundle } from './site-build.ts';

// An anonymous visitor trying to make the server run out of memory, with every request it can
// think of: huge reads, wide selects, deep JSON, forged hosts, unknown pages by the thousand,
// oversized bodies, all at once. The built server runs in its own process over 400 articles of
// 40 kB; its resident memory is sampled all along. The per-address rate limit is off here, so what
// holds is the bounds themselves, not the limit that would stop this client first.

const ROOT = path.resolve(import.meta.dirname, '../..');
const CEILING_MIB = 600;
/** The V8 flags the server runs with, as `npm run serve` gives them (the systemd unit sets the same). */
const SERVE_FLAGS =
  (
    JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts.serve!.match(/--[a-z-]+=\S+/g) ?? [];

describe('memory under an anonymous attack', () => {
  let dir: string;
  let server: ServerProcess;
  let removeBundle: (() => Promise<void>) | undefined;
  let peakMiB = 0;

  beforeAll(async () => {
    await mkdir(path.join(ROOT, '.tmp'), { recursive: true });
    dir = await mkdtemp(path.join(ROOT, '.tmp', 'memory-bound-'));
    removeBundle = await buildServerBundle(path.join(dir, 'dist'));
    execFileSync(
      process.execPath,
      ['scripts/build-server.mjs', '--outdir', path.join(dir, 'server')],
      {
        cwd: ROOT,
      },
    );
    const db = await openPglite({ dataDir: path.join(dir, 'data') });
    await migrate(db);
    await seedDefaultContent(db);
    await sql(
      db,
      `insert into public.blog_posts (title, slug, content, excerpt, published_at)
       select 'Article ' || i, 'article-' || i, repeat('Texte de l''atelier. ', 2000),
              'Résumé ' || i, now() - i * interval '1 hour'
         from generate_series(1, 400) as i`,
    );
    await db.close();
    server = await startServerProcess(
      {
        DATA_DIR: path.join(dir, 'data'),
        DIST_DIR: path.join(dir, 'dist'),
        API_RATE_LIMIT: '0',
        NODE_OPTIONS: SERVE_FLAGS.join(' '),
      },
      { entry: path.join(dir, 'server', 'main.mjs') },
    );
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await removeBundle?.();
    await rm(dir, { recursive: true, force: true });
  });

  const rssMiB = () => {
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };

  it(`stays under ${CEILING_MIB} MiB whatever an anonymous visitor sends`, async () => {
    const sampler = setInterval(() => (peakMiB = Math.max(peakMiB, rssMiB())), 50);
    const anon = {
      apikey: '', // filled below
    };
    const config = await fetch(`${server.url}/`).then((r) => r.text());
    anon.apikey = /"anonKey":"([^"]+)"/.exec(config)?.[1] ?? '';
    expect(anon.apikey).not.toBe('');
    const headers = { apikey: anon.apikey, authorization: `Bearer ${anon.apikey}` };
    const rest = (query: string, init: { method?: string; body?: string } = {}) =>
      requestFrom('127.0.0.2', `${server.url}/rest/v1/${query}`, {
        ...init,
        headers: { ...headers, 'content-type': 'application/json' },
      });

    const wide = Array.from({ length: 200 }, () => 'content').join(',');
    let deep = '1';
    for (let i = 0; i < 5000; i++) deep = `[${deep}]`;
    const attacks: (() => Promise<{ status: number }>)[] = [
      // Every post, every column, as many rows as allowed: over the body bound, refused.
      () => rest('blog_posts?select=*&limit=100000'),
      // As many 40 kB articles as fit just under the body bound, built and sent.
      () => rest('blog_posts?select=*&limit=120'),
      // The same column 200 times: far over the body bound, refused before it is built.
      () => rest(`blog_posts?select=${wide}`),
      // A JSON body nested 5,000 deep, to a function and to a table.
      () => rest('rpc/increment_views', { method: 'POST', body: `{"post_slug":${deep}}` }),
      () => rest('site_content', { method: 'POST', body: deep }),
      // A body at the size limit, refused for a visitor anyway.
      () =>
        rest('blog_posts', {
          method: 'POST',
          body: JSON.stringify({ title: 'x'.repeat(1_000_000) }),
        }),
    ];
    for (let round = 0; round < 6; round++) {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => attacks[(i + round) % attacks.length]!()),
      );
    }
    const refused = await rest(`blog_posts?select=${wide}`);
    expect(refused.status).toBe(400);
    // Pages for forged hosts and unknown articles, by the thousand.
    for (let batch = 0; batch < 40; batch++) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          requestFrom('127.0.0.3', `${server.url}/blog/inconnu-${batch}-${i}`, {
            headers: { host: `hote-${batch}-${i}.example` },
          }),
        ),
      );
    }
    clearInterval(sampler);
    peakMiB = Math.max(peakMiB, rssMiB());
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(peakMiB).toBeLessThan(CEILING_MIB);
  }, 300_000);
});
