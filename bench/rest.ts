/**
 * `npm run bench`: requests per second and p50/p99 latency at 32 connections for BENCH_SECONDS
 * (default 10) on the two hottest public queries, with 1,000 posts stored, for three backends:
 * our server on PGlite, our server on a PostgreSQL server, and the real PostgREST on the same PGlite.
 * Then realtime's fan-out in the same run (bench/fan-out.ts): from a write to 200 sockets, on our
 * server and on a plain `ws` relay.
 */
import './quiet-log.ts';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Database } from '../server/db/database.ts';
import { startServer } from '../server/server.ts';
import { migrate } from '../server/db/migrate.ts';
import { testConfig } from '../tests/helpers/server.ts';
import { realtimeLimitsFromEnv } from '../server/config.ts';
import { startPostgrestOn } from '../tests/helpers/postgrest.ts';
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
const NOW = new Date().toISOString();
const QUERIES = {
  'site_content (all rows)': '/site_content?select=*',
  '3 latest posts': `/blog_posts?select=*&published_at=not.is.null&published_at=lte.${encodeURIComponent(NOW)}&order=published_at.desc&limit=3`,
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
  const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
  for (const [name, path] of Object.entries(QUERIES)) {
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

const rows: string[][] = [];
const fanOutRows: string[][] = [];

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
    try {
      await measure('our server, PostgreSQL', `${server.url}/rest/v1`, config.anonKey, rows);
      fanOutRow(
        'our server, PostgreSQL',
        'postgres change (insert)',
        await changesFanOut(server.url, config.anonKey, db),
      );
    } finally {
      await server.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

printTable(
  `REST benchmark — 32 connections, ${SECONDS} s each, ${POSTS} posts stored, anon key`,
  ['backend', 'query', 'req/s', 'p50', 'p99', 'non-2xx/errors'],
  rows,
);
printTable(
  `Realtime fan-out — from a write to its arrival at ${SUBSCRIBERS} sockets, 30 writes in turn`,
  ['server', 'message', 'p50', 'p99', 'lost'],
  fanOutRows,
);
