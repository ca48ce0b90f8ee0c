/**
 * `npm run bench:web`: builds the site (`npm run build`), starts the server in its own process over
 * a fresh embedded database with three articles, then
 *  - runs Lighthouse (mobile settings, Debian's Chromium) on /, /blog and an article and prints the
 *    four category scores, LCP, TBT, CLS and the gzipped JavaScript and total bytes of each page;
 *  - measures the home page's throughput and p99 latency at 32 connections for BENCH_SECONDS
 *    (default 10), beside Debian's nginx serving the same HTML from a file (the reference).
 * Everything listens on 127.0.0.1. BENCH_SKIP_BUILD=1 reuses dist/ as it is.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeApiKey } from '../server/jwt.ts';
import {
  auditPage,
  pageWeight,
  withChromium,
  type PageReport,
  type PageWeight,
} from './lighthouse.ts';
import { load, printTable, type LoadFigures } from './load.ts';
import { nginxAvailable, startNginx } from './nginx.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ROOT = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function build(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  console.error('▶ npm run build');
  const result = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error('npm run build failed');
}

interface StartedServer {
  url: string;
  serviceKey: string;
  stop(): Promise<void>;
}

/** `server/main.ts` in a child process, so the load generator does not share its event loop. */
async function startSiteServer(dataDir: string): Promise<StartedServer> {
  const port = await freePort();
  const jwtSecret = randomBytes(32).toString('hex');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'server/main.ts')],
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
        NODE_ENV: 'production',
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

async function seedArticles(server: StartedServer): Promise<string> {
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function scoreRows(reports: [string, PageReport, PageWeight][]): string[][] {
  return reports.map(([label, r, w]) => [
    label,
    String(r.scores.performance),
    String(r.scores.accessibility),
    String(r.scores['best-practices']),
    String(r.scores.seo),
    ms(r.lcp),
    ms(r.tbt),
    r.cls.toFixed(3),
    kb(w.jsGzip),
    kb(w.totalGzip),
    kb(w.transfer),
  ]);
}

const work = await mkdtemp(path.join(tmpdir(), 'garage-bench-web-'));
let server: StartedServer | undefined;
try {
  build();
  server = await startSiteServer(path.join(work, 'data'));
  const article = await seedArticles(server);

  console.error('▶ Lighthouse (mobile) on /, /blog and an article');
  const reports: [string, PageReport, PageWeight][] = [];
  await withChromium(async (chrome) => {
    for (const [label, page] of [
      ['/', '/'],
      ['/blog', '/blog'],
      ['article', article],
    ] as const) {
      const report = await auditPage(chrome, server!.url + page);
      reports.push([label, report, await pageWeight(report)]);
      console.error(`  ${label}: performance ${report.scores.performance}`);
      for (const [category, audits] of Object.entries(report.failing)) {
        if (audits.length && category !== 'performance')
          console.error(`    ${category} below 1: ${audits.join('; ')}`);
      }
    }
  });

  console.error(`▶ Home page load: 32 connections, ${SECONDS} s each`);
  const homeResponse = await fetch(`${server.url}/`);
  const home = await homeResponse.text();
  const rows: string[][] = [];
  const ours: LoadFigures = await load(`${server.url}/`, {}, SECONDS);
  rows.push([
    'our server (Node, 1 process)',
    String(ours.rps),
    ms(ours.p50),
    ms(ours.p99),
    String(ours.bad),
    '',
  ]);
  if (nginxAvailable()) {
    const nginx = await startNginx(path.join(work, 'nginx'), home, await freePort());
    try {
      const reference = await load(nginx.url, {}, SECONDS);
      rows.push([
        `nginx ${nginx.version} (${nginx.workers} worker, same HTML file)`,
        String(reference.rps),
        ms(reference.p50),
        ms(reference.p99),
        String(reference.bad),
        '',
      ]);
      rows[0]![5] = `${Math.round((100 * ours.rps) / reference.rps)} % of nginx`;
    } finally {
      await nginx.stop();
    }
  } else {
    rows.push(['nginx (absent: apt-get install nginx-light)', '–', '–', '–', '–', '']);
  }

  printTable(
    'Lighthouse 12, mobile (simulated slow 4G, 4× CPU slowdown)',
    [
      'page',
      'Perf',
      'A11y',
      'Best pr.',
      'SEO',
      'LCP',
      'TBT',
      'CLS',
      'JS (gzip)',
      'total (gzip)',
      'transferred',
    ],
    scoreRows(reports),
  );
  printTable(
    `Home page (${kb(Buffer.byteLength(home))} of HTML), 32 connections, ${SECONDS} s`,
    ['server', 'req/s', 'p50', 'p99', 'errors', ''],
    rows,
  );
  console.log(
    '\nJS and total (gzip): what each page loaded, text compressed with gzip -6; transferred: the bytes sent (our server does not compress).',
  );
} finally {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}
