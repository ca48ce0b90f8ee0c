/**
 * `npm run bench:scale`: the site at the scale of ten years of a busy garage (5,000 articles,
 * 1,000,000 visits; bench/scale/dataset.ts), served by what `npm start` runs, on PGlite and on
 * PostgreSQL, beside the real PostgREST and nginx measured in the same run. One table: each
 * figure next to its target. `BENCH_SECONDS` (default 10) is each load's length; `BENCH_FRESH=1`
 * makes the datasets again; `BENCH_SKIP_BUILD=1` uses dist/ as it is; `BENCH_SKIP_LIGHTHOUSE=1`
 * leaves Lighthouse out.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { printTable } from './load.ts';
import { ADMIN, pgliteDataset, POSTS, postgresDataset } from './scale/dataset.ts';
import { startScaleServer, type ScaleServer } from './scale/server.ts';
import { checks, lighthouseRows, type Row } from './scale/checks.ts';
import { startReferences } from './scale/references.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const FRESH = process.env.BENCH_FRESH === '1';

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  return result.stdout;
}

function directoryMiB(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return Math.round(bytes / 1024 / 1024);
}

async function signIn(server: ScaleServer, anonKey: string): Promise<string> {
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.error('▶ npm run build');
  run('npm', ['run', '-s', 'build']);
}
const postgresServer = run('bash', ['scripts/test-postgres.sh']).trim().split('\n').pop()!;
const pgliteDir = await pgliteDataset(FRESH);
const postgresUrl = await postgresDataset(postgresServer, FRESH);

const work = await mkdtemp(path.join(tmpdir(), 'garage-bench-scale-'));
const jwtSecret = randomBytes(32).toString('hex');
const rows: Row[] = [];
const references = await startReferences(work, postgresUrl, jwtSecret);
try {
  for (const backend of ['PGlite', 'PostgreSQL'] as const) {
    const env: Record<string, string> =
      backend === 'PGlite'
        ? { DATA_DIR: pgliteDir, JWT_SECRET: jwtSecret }
        : {
            DATA_DIR: path.join(work, 'pg-data'),
            DATABASE_URL: postgresUrl,
            JWT_SECRET: jwtSecret,
          };
    console.error(`▶ ${backend}: starting the built server`);
    const server = await startScaleServer(env);
    try {
      const anonKey = references.anonKey;
      const token = await signIn(server, anonKey);
      rows.push(
        ...(await checks({ backend, server, anonKey, token, seconds: SECONDS, references })),
      );
      if (backend === 'PGlite') {
        if (process.env.BENCH_SKIP_LIGHTHOUSE !== '1')
          rows.push(...(await lighthouseRows(server.url)));
        rows.push({
          what: 'Memory after the whole benchmark (RSS)',
          backend,
          figure: `${server.rssMiB()} MiB`,
          target: '≤ 500 MiB',
          ok: server.rssMiB() <= 500,
        });
      }
    } finally {
      await server.stop();
    }
  }
  const wal = directoryMiB(path.join(pgliteDir, 'pg_wal'));
  rows.push({
    what: `WAL in the data directory (${directoryMiB(pgliteDir)} MiB in all)`,
    backend: 'PGlite',
    figure: `${wal} MiB`,
    target: '≤ 128 MiB',
    ok: wal <= 128,
  });
} finally {
  await references.stop();
  await rm(work, { recursive: true, force: true });
}

printTable(
  `Scale benchmark — ${POSTS} articles, 1,000,000 visits; loads of ${SECONDS} s on 127.0.0.1, 2 cores`,
  ['measure', 'backend', 'figure', 'target', 'peer', 'ratio', 'met'],
  rows.map((r) => [
    r.what,
    r.backend,
    r.figure,
    r.target,
    r.peer ?? '',
    r.ratio ?? '',
    r.ok ? 'yes' : 'NO',
  ]),
);
