/**
 * `npm run bench:web`: builds the site (`npm run build`), starts the server in its own process over
 * a fresh embedded database with three articles, then
 *  - runs Lighthouse (mobile settings, Debian's Chromium) on /, /blog and an article and prints the
 *    four category scores, LCP, TBT, CLS and the gzipped JavaScript and total bytes of each page;
 *  - measures the home page's throughput and p99 latency at 32 connections for BENCH_SECONDS
 *    (default 10), beside Debian's nginx serving the same HTML from a file (the reference).
 * Lighthouse runs on / again once a phone photo of about 4 MB is the hero's background (uploaded to
 * the media bucket). Everything listens on 127.0.0.1. BENCH_SKIP_BUILD=1 reuses dist/ as it is;
 * BENCH_SKIP_LIGHTHOUSE=1 measures the load only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LaunchedChrome } from 'chrome-launcher';
import {
  auditPage,
  pageWeight,
  withChromium,
  type PageReport,
  type PageWeight,
} from './lighthouse.ts';
import { load, printTable, type LoadFigures } from './load.ts';
import { nginxAvailable, startNginx } from './nginx.ts';
import { freePort } from '../tests/helpers/free-port.ts';
import { seedArticles, startSiteServer, useHeroPhoto, type StartedServer } from './site-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const LIGHTHOUSE = process.env.BENCH_SKIP_LIGHTHOUSE !== '1';
const ROOT = path.resolve(import.meta.dirname, '..');

function build(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  console.error('▶ npm run build');
  const result = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error('npm run build failed');
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
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

/** One request for a page, read to the end, before it is measured. */
async function warmUp(url: string): Promise<void> {
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
}

/** Audits per page: Lighthouse's own advice is to report the median of several runs. */
const RUNS = 3;

/** The run of median Performance among RUNS audits of one page. */
async function medianAudit(chrome: LaunchedChrome, url: string): Promise<PageReport> {
  const runs: PageReport[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await auditPage(chrome, url));
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  return runs[Math.floor(RUNS / 2)]!;
}

const work = await mkdtemp(path.join(tmpdir(), 'garage-bench-web-'));
let server: StartedServer | undefined;
try {
  build();
  server = await startSiteServer(path.join(work, 'data'));
  const article = await seedArticles(server);

  const reports: [string, PageReport, PageWeight][] = [];
  if (LIGHTHOUSE) {
    console.error('▶ Lighthouse (mobile) on /, /blog and an article');
    await withChromium(async (chrome) => {
      const pages = [
        ['/', '/'],
        ['/blog', '/blog'],
        ['article', article],
      ] as const;
      // A site in service has served its pages before: none is audited on its very first request.
      for (const [, page] of pages) await warmUp(server!.url + page);
      for (const [label, page] of pages) {
        const report = await medianAudit(chrome, server!.url + page);
        reports.push([label, report, await pageWeight(report)]);
        console.error(`  ${label}: performance ${report.scores.performance}`);
        for (const [category, audits] of Object.entries(report.failing)) {
          if (audits.length && category !== 'performance')
            console.error(`    ${category} below 1: ${audits.join('; ')}`);
        }
      }
      // The owner's phone photo as the hero's background: visitors get a rendering their screen needs.
      const bytes = await useHeroPhoto(server!);
      const label = `/ with a ${(bytes / 1e6).toFixed(1)} MB photo as hero`;
      await warmUp(`${server!.url}/`);
      const report = await medianAudit(chrome, `${server!.url}/`);
      reports.push([label, report, await pageWeight(report)]);
      console.error(`  ${label}: performance ${report.scores.performance}`);
    });
  }

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

  if (LIGHTHOUSE)
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
  if (LIGHTHOUSE)
    console.log(
      '\nJS and total (gzip): what each page loaded, text compressed with gzip -6; transferred: the bytes our server sent to Chromium (it compresses pages, files and the sitemap for browsers that accept gzip; the API answers uncompressed, as PostgREST does).',
    );
  console.log(
    'Load: the requests send no Accept-Encoding, so both servers send the uncompressed HTML.',
  );
} finally {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}
