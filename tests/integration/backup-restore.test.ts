import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { backupTables } from '../../server/backup/catalog.ts';
import { dumpTable } from '../../server/backup/dump.ts';
import type { Database } from '../../server/db/database.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { makeApiKey } from '../../server/jwt.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres-db.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { eventually } from '../helpers/eventually.ts';

// The operator's round trip: fill the site through the API, back it up while writes go on,
// restore into a fresh place, and compare every table row for row; on PGlite, on PostgreSQL, and
// from PGlite to PostgreSQL (how a site moves to a server).

const ROOT = path.resolve(import.meta.dirname, '../..');
const OWNER = { email: 'patron@garage.test', password: 'mot-de-passe-patron-1' };

/**
 * Tables written while (or after) the backup ran: the restored rows are those of the backup's
 * instant, so some of the source's. The record of the backup itself comes after its snapshot.
 */
const WRITTEN_DURING = new Set(['public.visits', 'public.blog_posts', 'private.backup_runs']);
/** Kept by triggers from the tables above: checked against the restored rows instead. */
const DERIVED = new Set(['private.visit_days', 'private.content_version']);

function runScript(name: string, env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: '', VITEST: '', ...env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Every backed-up table as its rows (JSON lines, in key order), read as the owner. */
async function tablesOf(db: Database): Promise<Map<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.query("set local timezone = 'UTC'");
    const tables = new Map<string, string[]>();
    for (const table of await backupTables(tx)) {
      const lines: string[] = [];
      await dumpTable(tx, table, (line) => void lines.push(line));
      tables.set(`${table.schema}.${table.name}`, lines);
    }
    return tables;
  });
}

function client(url: string, anonKey: string) {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

/** Content, posts, an API key, a photo, two accounts and visits, through the API as the owner would. */
async function fill(server: ServerProcess, env: Record<string, string>, anonKey: string) {
  expect(
    (
      await runScript('admin', env, [
        'create',
        '--email',
        OWNER.email,
        '--password',
        OWNER.password,
      ])
    ).code,
  ).toBe(0);
  const owner = client(server.url, anonKey);
  expect((await owner.auth.signInWithPassword(OWNER)).error).toBeNull();
  const about = { title: 'À propos', content: 'Garage familial depuis 1987.' };
  expect(
    (await owner.from('site_content').upsert({ type: 'about', content: about })).error,
  ).toBeNull();
  expect(
    (await owner.from('api_keys').upsert({ name: 'openai', key: 'sk-sauvegarde-1234' })).error,
  ).toBeNull();
  const posts = Array.from({ length: 20 }, (_, i) => ({
    title: `Article ${i}`,
    slug: `article-${i}`,
    content: `Texte ${i}`,
    published_at: new Date(Date.now() - i * 3_600_000).toISOString(),
  }));
  expect((await owner.from('blog_posts').insert(posts)).error).toBeNull();
  for (let i = 0; i < 30; i++)
    await fetch(`${server.url}/functions/v1/recordVisit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
      body: '{"page":"home"}',
    });
  const name = `${randomUUID()}.png`;
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  expect((await owner.storage.from('media').upload(name, png)).error).toBeNull();
  const stored = await fetch(`${server.url}/storage/v1/object/public/media/${name}`);
  expect(stored.status).toBe(200);
  return { owner, photo: { name, bytes: Buffer.from(await stored.arrayBuffer()) } };
}

/** Visits and posts written without pause until `stop()`: the backup runs meanwhile. */
function keepWriting(server: ServerProcess, anonKey: string, owner: ReturnType<typeof client>) {
  let stopped = false;
  let n = 0;
  const running = (async () => {
    while (!stopped) {
      n += 1;
      await fetch(`${server.url}/functions/v1/recordVisit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
        body: '{"page":"home"}',
      });
      await owner
        .from('blog_posts')
        .insert({ title: `Pendant ${n}`, slug: `pendant-${n}`, content: 'Texte' });
    }
  })();
  const stop = async () => {
    stopped = true;
    await running;
    return n;
  };
  /** The writes made so far. */
  return Object.assign(stop, { written: () => n });
}

/** The restored site holds exactly the backup's instant: row for row, with what the source holds. */
function compare(source: Map<string, string[]>, restored: Map<string, string[]>) {
  expect([...restored.keys()]).toEqual([...source.keys()]);
  for (const [name, rows] of restored) {
    if (DERIVED.has(name)) continue;
    if (WRITTEN_DURING.has(name)) {
      // Rows are only added meanwhile: the restored ones are a prefix-free subset, none changed.
      const kept = new Set(source.get(name));
      for (const row of rows) expect(kept.has(row), `${name}: ${row}`).toBe(true);
    } else expect(rows, name).toEqual(source.get(name));
  }
  // The daily counts are those of the restored visits.
  const perDay = new Map<string, number>();
  for (const line of restored.get('public.visits')!) {
    const { page, visited_at } = JSON.parse(line) as { page: string; visited_at: string };
    const day = new Date(visited_at).toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });
    perDay.set(`${day} ${page}`, (perDay.get(`${day} ${page}`) ?? 0) + 1);
  }
  const counted = new Map(
    restored.get('private.visit_days')!.map((line) => {
      const r = JSON.parse(line) as { day: string; page: string; visits: number };
      return [`${r.day} ${r.page}`, Number(r.visits)] as const;
    }),
  );
  expect(counted).toEqual(perDay);
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'garage-backup-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('backup and restore on PGlite, then into PostgreSQL', () => {
  const jwtSecret = randomBytes(32).toString('hex');
  let anonKey: string;
  let source: Map<string, string[]>;
  let file: string;
  let owner: Awaited<ReturnType<typeof fill>>['owner'];
  let photo: Awaited<ReturnType<typeof fill>>['photo'];
  const env = (name: string) => ({
    DATA_DIR: path.join(root, name),
    BACKUP_DIR: path.join(root, 'backups'),
    BACKUP_TIME: 'off',
    API_RATE_LIMIT: '0',
    VISIT_RATE_LIMIT: '0',
  });

  beforeAll(async () => {
    anonKey = await makeApiKey('anon', jwtSecret);
    const server = await startServerProcess({ ...env('site'), JWT_SECRET: jwtSecret });
    try {
      ({ owner, photo } = await fill(
        server,
        { ...env('site'), PORT: String(server.port), JWT_SECRET: jwtSecret },
        anonKey,
      ));
      const stop = keepWriting(server, anonKey, owner);
      await eventually('writes under way', () => stop.written() >= 3);
      const backup = await runScript('backup', {
        ...env('site'),
        PORT: String(server.port),
        JWT_SECRET: jwtSecret,
      });
      const written = await stop();
      expect(backup.output).toContain('Sauvegarde écrite');
      expect(backup.code).toBe(0);
      expect(written).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
    const [name] = (await readdir(path.join(root, 'backups'))).filter((f) => f.endsWith('.tar.gz'));
    file = path.join(root, 'backups', name!);
    const db = await openPglite({ dataDir: path.join(root, 'site') });
    source = await tablesOf(db);
    await db.close();
  }, 180_000);

  it('restores into a fresh data directory exactly the state of the backup', async () => {
    const restore = await runScript('restore', { ...env('copy'), PORT: '1' }, [file]);
    expect(restore.output).toContain('Site restauré');
    expect(restore.code).toBe(0);
    const db = await openPglite({ dataDir: path.join(root, 'copy') });
    try {
      compare(source, await tablesOf(db));
    } finally {
      await db.close();
    }
  }, 120_000);

  it('serves the restored site: same accounts and passwords, same stored key, same photo', async () => {
    const server = await startServerProcess(env('copy'));
    try {
      const owner = client(server.url, anonKey);
      expect((await owner.auth.signInWithPassword(OWNER)).error).toBeNull();
      const { data } = await owner.from('api_keys').select('key').eq('name', 'openai').single();
      expect(data).toEqual({ key: 'sk-sauvegarde-1234' });
      const wrong = await client(server.url, anonKey).auth.signInWithPassword({
        ...OWNER,
        password: 'un-autre-mot-de-passe',
      });
      expect(wrong.error?.status).toBe(400);
      const restored = await fetch(`${server.url}/storage/v1/object/public/media/${photo.name}`);
      expect(restored.status).toBe(200);
      expect(Buffer.from(await restored.arrayBuffer()).equals(photo.bytes)).toBe(true);
      // The image variants' cache is left out of backups: it is made again on demand.
      expect(existsSync(path.join(root, 'copy', 'storage', 'media', photo.name))).toBe(true);
      expect(existsSync(path.join(root, 'copy', 'storage', '.render'))).toBe(false);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('refuses to replace a site that holds data unless asked, and then does', async () => {
    const again = await runScript('restore', { ...env('copy'), PORT: '1' }, [file]);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/contient déjà un site : rien n'a été modifié.*--force/);
    const forced = await runScript('restore', { ...env('copy'), PORT: '1' }, [file, '--force']);
    expect(forced.code).toBe(0);
  }, 120_000);

  it('never leaves a half-restored site when the backup is damaged', async () => {
    const damaged = path.join(root, 'abimee.tar.gz');
    await import('node:fs/promises').then((fs) => fs.copyFile(file, damaged));
    await truncate(damaged, 2_000);
    const restore = await runScript('restore', { ...env('damaged'), PORT: '1' }, [damaged]);
    expect(restore.code).toBe(1);
    expect(restore.output).toMatch(/Restauration impossible : .*(illisible|incomplet)/);
    expect(existsSync(path.join(root, 'damaged', 'PG_VERSION'))).toBe(false);
    const left = (await readdir(root)).filter((f) => f.includes('restauration'));
    expect(left).toEqual([]);
  }, 60_000);

  it('moves the site to PostgreSQL: the PGlite backup restored into an empty database', async () => {
    const target: TestDatabase = await createTestDatabase();
    try {
      const restore = await runScript(
        'restore',
        { ...env('pg-data'), PORT: '1', DATABASE_URL: target.url },
        [file],
      );
      expect(restore.code, restore.output).toBe(0);
      const db = await openPostgres(target.url);
      try {
        compare(source, await tablesOf(db));
      } finally {
        await db.close();
      }
    } finally {
      await target.drop();
    }
  }, 120_000);
});

describe('backup and restore on PostgreSQL', () => {
  it('backs up while writes go on, and restores the backup instant into a fresh database', async () => {
    const from: TestDatabase = await createTestDatabase();
    const to: TestDatabase = await createTestDatabase();
    const jwtSecret = randomBytes(32).toString('hex');
    const anonKey = await makeApiKey('anon', jwtSecret);
    const env = {
      DATABASE_URL: from.url,
      JWT_SECRET: jwtSecret,
      DATA_DIR: path.join(root, 'pg-site'),
      BACKUP_DIR: path.join(root, 'pg-backups'),
      BACKUP_TIME: 'off',
      API_RATE_LIMIT: '0',
      VISIT_RATE_LIMIT: '0',
    };
    try {
      const server = await startServerProcess(env);
      try {
        const { owner } = await fill(server, { ...env, PORT: String(server.port) }, anonKey);
        const stop = keepWriting(server, anonKey, owner);
        await eventually('writes under way', () => stop.written() >= 3);
        const backup = await runScript('backup', { ...env, PORT: String(server.port) });
        await stop();
        expect(backup.code, backup.output).toBe(0);
      } finally {
        await server.stop();
      }
      const db = await openPostgres(from.url);
      const source = await tablesOf(db);
      await db.close();
      const [name] = await readdir(env.BACKUP_DIR);
      const restore = await runScript('restore', { ...env, DATABASE_URL: to.url, PORT: '1' }, [
        path.join(env.BACKUP_DIR, name!),
      ]);
      expect(restore.code, restore.output).toBe(0);
      const restored = await openPostgres(to.url);
      try {
        compare(source, await tablesOf(restored));
      } finally {
        await restored.close();
      }
    } finally {
      await from.drop();
      await to.drop();
    }
  }, 240_000);
});
