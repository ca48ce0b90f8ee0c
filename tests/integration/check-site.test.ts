import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklist } from '../../src/content/checklist.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { loadJwtSecret } from '../../server/config.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { startServer } from '../../server/server.ts';
import { FILLED_LEGAL_ITEMS, FILLED_SITE } from '../helpers/filled-site.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { testConfig, withClients, type TestServer } from '../helpers/server.ts';

// `npm run check-site`: the deployment script's question « may this site go live? », answered
// from the same checklist as the back-office home (src/content/checklist.ts).

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `tsx scripts/check-site.ts` as `npm run check-site` would, with only `env` configured. */
function checkSite(env: Record<string, string>): Promise<Run> {
  const clean = { DATA_DIR: '', DATABASE_URL: '', VITE_SUPABASE_URL: '', JWT_SECRET: '' };
  return new Promise((resolve) => {
    execFile(
      TSX,
      ['scripts/check-site.ts'],
      { cwd: ROOT, env: { ...process.env, ...clean, PORT: '1', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The lines the checklist gives for `site`: one per item, legal ones marked as required. */
function expectLines(run: Run, site: object) {
  const items = checklist(site);
  const lines = run.stdout.split('\n').filter((l) => /^(OBLIGATOIRE|À vérifier)/.test(l));
  expect(lines).toHaveLength(items.length);
  for (const [index, item] of items.entries()) {
    expect(lines[index]).toMatch(item.legal ? /^OBLIGATOIRE / : /^À vérifier /);
    expect(lines[index]).toContain(`${item.label} (`);
    expect(lines[index]).toContain(item.problem);
  }
}

async function store(server: TestServer, site: object) {
  for (const [type, content] of Object.entries(site)) {
    const { error } = await server.serviceClient().from('site_content').upsert({ type, content });
    expect(error).toBeNull();
  }
}

const LEGAL_DONE = { ...DEFAULT_CONTENT, ...FILLED_LEGAL_ITEMS };
const ALL_DONE = { ...DEFAULT_CONTENT, ...FILLED_SITE };

describe('npm run check-site on the embedded database', () => {
  let dataDir: string;
  let server: TestServer | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'garage-check-'));
    const config = await testConfig({
      dataDir,
      jwtSecret: await loadJwtSecret(dataDir, undefined),
    });
    server = withClients(await startServer(config, await openPglite({ dataDir })));
    env = { DATA_DIR: dataDir, PORT: new URL(server.url).port, HOST: '127.0.0.1' };
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('fails on a fresh site, through the running server, one French line per item', async () => {
    const run = await checkSite(env);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain(`serveur en marche sur ${server!.url}`);
    expectLines(run, DEFAULT_CONTENT);
    expect(run.stdout).toContain('avant la mise en ligne');
  });

  it('passes with warnings once the legal items are filled, then says all is complete', async () => {
    await store(server!, FILLED_LEGAL_ITEMS);
    const warned = await checkSite(env);
    expect(warned.code, warned.stderr).toBe(0);
    expectLines(warned, LEGAL_DONE);
    expect(checklist(LEGAL_DONE).length).toBeGreaterThan(0);

    await store(server!, FILLED_SITE);
    const done = await checkSite(env);
    expect(done.code, done.stderr).toBe(0);
    expectLines(done, ALL_DONE);
    expect(done.stdout).toContain('Tout est complet.');
  });

  it('reads hosted Supabase the same way, through the public REST API', async () => {
    await store(server!, { identity: DEFAULT_CONTENT.identity });
    const run = await checkSite({
      VITE_SUPABASE_URL: server!.url,
      VITE_SUPABASE_ANON_KEY: server!.anonKey,
    });
    expect(run.code, run.stderr).toBe(1);
    expectLines(run, { ...ALL_DONE, identity: DEFAULT_CONTENT.identity });
    await store(server!, FILLED_LEGAL_ITEMS);
  });

  it('reads the data directory itself when no server runs', async () => {
    await server!.close();
    server = undefined;
    const run = await checkSite(env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Contenu lu depuis ${dataDir}.`);
    expect(run.stdout).toContain('Tout est complet.');
  });
});

describe('npm run check-site on PostgreSQL (TEST_DATABASE_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startPostgresTestServer();
  });
  afterAll(() => server?.close());

  it('fails on a fresh site and passes once the legal items are filled', async () => {
    const env = { DATABASE_URL: server.config.databaseUrl! };
    const fresh = await checkSite(env);
    expect(fresh.code, fresh.stderr).toBe(1);
    expect(fresh.stdout).toContain('DATABASE_URL');
    expectLines(fresh, DEFAULT_CONTENT);
    await store(server, FILLED_LEGAL_ITEMS);
    const filled = await checkSite(env);
    expect(filled.code, filled.stderr).toBe(0);
    expectLines(filled, LEGAL_DONE);
  });
});
