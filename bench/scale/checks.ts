/** What `npm run bench:scale` measures on one backend, each figure with its target. */
import { floodFromManyAddresses, loadOn, loadWhile, percentile, series, timed } from './measure.ts';
import type { References } from './references.ts';
import type { ScaleServer } from './server.ts';
import { POSTS } from './dataset.ts';

export interface Row {
  what: string;
  backend: string;
  figure: string;
  target: string;
  peer?: string;
  ratio?: string;
  ok: boolean;
}

interface Context {
  backend: 'PGlite' | 'PostgreSQL';
  server: ScaleServer;
  anonKey: string;
  token: string;
  seconds: number;
  references: References;
}

const PAGE_SIZE = 12;
const LAST_PAGE = Math.ceil(POSTS / PAGE_SIZE);
const ADMIN_LIST =
  '/rest/v1/blog_posts?select=id,title,slug,excerpt,image_url,published_at,scheduled_at,created_at,updated_at,views' +
  '&order=created_at.desc&limit=50&offset=100';
const STATS = ['get_daily_stats', 'get_weekly_stats', 'get_monthly_stats', 'get_yearly_stats'];

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const pct = (a: number, b: number) => `${Math.round((100 * a) / b)} %`;

/** Cached-page throughput on PGlite, kept for PostgreSQL's row. */
let pgliteHomeRps = 0;

export async function checks(ctx: Context): Promise<Row[]> {
  const { backend, server, anonKey, token, seconds, references } = ctx;
  const rows: Row[] = [];
  const api = { apikey: anonKey, authorization: `Bearer ${token}` };
  const page = (n: number) => (n === 1 ? '/blog' : `/blog/page/${n}`);

  // Blog pages, each rendered for the first time (uncached), then their size.
  console.error(`  ${backend}: blog pages`);
  const renders = await series(20, (i) => `${server.url}${page(2 + i * 19)}`);
  const sizes = [1, 2, LAST_PAGE].map(async (n) => (await timed(`${server.url}${page(n)}`)).bytes);
  const largest = Math.max(...(await Promise.all(sizes)));
  rows.push(
    {
      what: `/blog pages, uncached render (p50 of 20 pages up to ${LAST_PAGE})`,
      backend,
      figure: ms(percentile(renders.times, 50)),
      target: '< 50 ms',
      ok: percentile(renders.times, 50) < 50,
    },
    {
      what: 'Largest /blog page (HTML)',
      backend,
      figure: kB(largest),
      target: '< 100 kB',
      ok: largest < 100_000,
    },
  );

  // The admin's blog list: one page of 50, the columns it shows, with the total.
  console.error(`  ${backend}: admin list`);
  const listHeaders = { ...api, prefer: 'count=exact', 'accept-encoding': 'gzip' };
  const list = await series(10, () => `${server.url}${ADMIN_LIST}`, { headers: listHeaders });
  const listP50 = percentile(list.times, 50);
  const peer =
    backend === 'PostgreSQL'
      ? percentile(
          (
            await series(
              10,
              () => `${references.postgrestUrl}${ADMIN_LIST.slice('/rest/v1'.length)}`,
              {
                headers: { ...api, prefer: 'count=exact' },
              },
            )
          ).times,
          50,
        )
      : undefined;
  rows.push(
    {
      what: 'Admin blog list, a page of 50 with its count (p50 of 10)',
      backend,
      figure: ms(listP50),
      target: '< 50 ms',
      peer: peer === undefined ? undefined : `PostgREST ${ms(peer)}`,
      ratio: peer === undefined ? undefined : `${(listP50 / peer).toFixed(2)}× its time`,
      ok: listP50 < 50,
    },
    {
      what: 'Admin blog list page, as sent (gzip)',
      backend,
      figure: kB(list.last.bytes),
      target: '< 100 kB',
      ok: list.last.bytes < 100_000,
    },
  );

  // The statistics at 1,000,000 visits.
  console.error(`  ${backend}: statistics`);
  for (const fn of STATS) {
    const calls = await series(10, () => `${server.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { ...api, 'content-type': 'application/json' },
      body: '{}',
    });
    const p50 = percentile(calls.times, 50);
    rows.push({
      what: `${fn} (p50 of 10)`,
      backend,
      figure: ms(p50),
      target: '< 50 ms',
      ok: p50 < 50,
    });
  }

  // Cached home page throughput, beside nginx serving the same HTML.
  console.error(`  ${backend}: cached home page`);
  const home = await (await fetch(`${server.url}/`)).text();
  const ours = await loadOn(`${server.url}/`, seconds);
  if (backend === 'PGlite') {
    pgliteHomeRps = ours.rps;
    await references.serveHome(home);
    const nginx = await loadOn(`${references.nginxUrl}/`, seconds);
    rows.push({
      what: 'Cached home page (req/s, 32 connections)',
      backend,
      figure: String(ours.rps),
      target: '≥ 50 % of nginx',
      peer: `nginx ${references.nginxVersion} ${nginx.rps}`,
      ratio: pct(ours.rps, nginx.rps),
      ok: ours.rps >= nginx.rps / 2,
    });
    rows.push(...(await pgliteOnly(ctx, home)));
  } else {
    rows.push({
      what: 'Cached home page (req/s, 32 connections)',
      backend,
      figure: String(ours.rps),
      target: 'within 2× of PGlite',
      peer: `PGlite ${pgliteHomeRps}`,
      ratio: pct(ours.rps, pgliteHomeRps),
      ok: ours.rps * 2 >= pgliteHomeRps,
    });
  }
  return rows;
}

/** What is measured on the default backend only: assets, stalls, floods, sign-in bursts. */
async function pgliteOnly(ctx: Context, homeHtml: string): Promise<Row[]> {
  const { backend, server, anonKey, token, seconds, references } = ctx;
  const rows: Row[] = [];
  const api = { apikey: anonKey, authorization: `Bearer ${token}` };

  // A built asset, precompressed, beside nginx's gzip_static.
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(homeHtml)?.[1];
  if (asset) {
    const gzip = { 'accept-encoding': 'gzip' };
    const ours = await loadOn(`${server.url}${asset}`, seconds, { headers: gzip });
    const nginx = await loadOn(`${references.nginxUrl}${asset}`, seconds, { headers: gzip });
    rows.push({
      what: 'Built asset, gzip (req/s)',
      backend,
      figure: String(ours.rps),
      target: '≥ 50 % of nginx',
      peer: `nginx gzip_static ${nginx.rps}`,
      ratio: pct(ours.rps, nginx.rps),
      ok: ours.rps >= nginx.rps / 2,
    });
  }

  // Slow requests meanwhile: uncached blog pages, yearly statistics, admin lists.
  console.error(`  ${backend}: cached page while slow requests run`);
  let n = 3;
  const stalled = await loadWhile(`${server.url}/`, seconds, (stopped) =>
    Promise.all([
      (async () => {
        while (!stopped()) await timed(`${server.url}/blog/page/${(n++ % 400) + 2}`);
      })(),
      (async () => {
        while (!stopped())
          await timed(`${server.url}/rest/v1/rpc/get_yearly_stats`, {
            method: 'POST',
            headers: { ...api, 'content-type': 'application/json' },
            body: '{}',
          });
      })(),
      (async () => {
        let offset = 0;
        while (!stopped())
          await timed(
            `${server.url}/rest/v1/blog_posts?select=id,title,slug,published_at&order=created_at.desc&limit=50&offset=${(offset += 50) % 4950}`,
            { headers: { ...api, prefer: 'count=exact' } },
          );
      })(),
    ]),
  );
  rows.push({
    what: 'Cached home page p99 while slow requests run',
    backend,
    figure: ms(stalled.p99),
    target: '< 50 ms',
    ok: stalled.p99 < 50,
  });

  // A saturating flood of recordVisit from many addresses, and the same flood at nginx.
  console.error(`  ${backend}: cached page under a flood of visits`);
  const visit = JSON.stringify({ page: 'home' });
  const fnHeaders = {
    apikey: anonKey,
    authorization: `Bearer ${anonKey}`,
    'content-type': 'application/json',
  };
  const alone = await loadOn(`${server.url}/`, seconds);
  const flooded = await loadWhile(
    `${server.url}/`,
    seconds,
    (stopped) =>
      floodFromManyAddresses(
        `${server.url}/functions/v1/recordVisit`,
        visit,
        fnHeaders,
        64,
        stopped,
      ),
    { connections: 32 },
  );
  const nginxAlone = await loadOn(`${references.nginxUrl}/`, seconds);
  const nginxFlooded = await loadWhile(
    `${references.nginxUrl}/`,
    seconds,
    (stopped) =>
      floodFromManyAddresses(`${references.nginxUrl}/flood`, visit, fnHeaders, 64, stopped),
    { connections: 32 },
  );
  rows.push({
    what: 'Cached home page under a recordVisit flood (share of its rate alone)',
    backend,
    figure: pct(flooded.rps, alone.rps),
    target: '≥ 70 %',
    peer: `nginx, same flood: ${pct(nginxFlooded.rps, nginxAlone.rps)}`,
    ok: flooded.rps >= 0.7 * alone.rps,
  });

  // 100 sign-ins at once (wrong passwords, 100 addresses), bcrypt bounded off the event loop.
  console.error(`  ${backend}: cached page while 100 sign-ins are checked`);
  const during = await loadWhile(`${server.url}/`, Math.min(seconds, 5), async (stopped) => {
    let round = 0;
    while (!stopped()) {
      round += 1;
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          timed(`${server.url}/auth/v1/token?grant_type=password`, {
            method: 'POST',
            headers: { apikey: anonKey, 'content-type': 'application/json' },
            body: JSON.stringify({
              email: `inconnu-${round}-${i}@garage.bench`,
              password: 'mauvais-mot-de-passe',
            }),
            localAddress: `127.0.3.${i + 1}`,
          }),
        ),
      );
    }
  });
  rows.push({
    what: 'Cached home page p99 during bursts of 100 sign-ins',
    backend,
    figure: ms(during.p99),
    target: '< 50 ms',
    ok: during.p99 < 50,
  });
  return rows;
}

/** Lighthouse (mobile) on the pages a visitor and the owner open first, at this scale. */
export async function lighthouseRows(serverUrl: string): Promise<Row[]> {
  const { auditPage, CATEGORIES, pageWeight, withChromium } = await import('../lighthouse.ts');
  const pages: [string, string, boolean][] = [
    ['/', '/', false],
    ['/blog', '/blog', false],
    [`/blog/page/${Math.round(LAST_PAGE / 2)}`, `/blog/page/${Math.round(LAST_PAGE / 2)}`, false],
    ['an article', '/blog/conseil-atelier-1', false],
    ['/admin-login', '/admin-login', true],
  ];
  const rows: Row[] = [];
  await withChromium(async (chrome) => {
    for (const [label, path, login] of pages) {
      console.error(`  Lighthouse ${label}`);
      const report = await auditPage(chrome, serverUrl + path);
      const scores = CATEGORIES.map((c) => report.scores[c]);
      rows.push({
        what: `Lighthouse mobile ${label} (perf/a11y/best/SEO)`,
        backend: 'PGlite',
        figure: scores.join('/'),
        target: login ? 'perf ≥ 95' : 'each ≥ 95',
        ok: login ? report.scores.performance >= 95 : scores.every((s) => s >= 95),
      });
      if (login) {
        const weight = await pageWeight(report);
        rows.push({
          what: '/admin-login JavaScript (gzip)',
          backend: 'PGlite',
          figure: kB(weight.jsGzip),
          target: '< 60 kB',
          ok: weight.jsGzip < 60_000,
        });
      }
    }
  });
  return rows;
}
