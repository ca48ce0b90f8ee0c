import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { STARTUP_SQL_FILES } from '../../server/db/migrate.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
// @ts-expect-error: a plain JavaScript build script, without type declarations.
import { sourceFingerprint } from '../../scripts/source-fingerprint.mjs';

// What `npm start` and `npm run serve` run: the server bundle (plain JavaScript, no TypeScript
// compiled at run time) in production mode, rendering with React's production build.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Where the production build of this file is made (beforeAll below), for both describes. */
let built: string;

/**
 * `npm ci --omit=dev` in `dir`. This machine's registry lacks other platforms' builds of optional
 * packages, so npm cannot record them and `npm ci` refuses the lock file (npm/cli#4828): then, as
 * .ci/run does, `npm install --omit=dev`, which installs the same locked versions.
 */
function installLocked(dir: string): void {
  const options = { cwd: dir, encoding: 'utf8' as const, stdio: 'pipe' as const };
  const args = ['--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts'];
  const ci = spawnSync('npm', ['ci', ...args], options);
  if (ci.status === 0) return;
  if (!/from lock file/.test(ci.stderr)) throw new Error(`npm ci failed:\n${ci.stderr}`);
  const install = spawnSync('npm', ['install', ...args], options);
  if (install.status !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
}

describe('the production build', () => {
  let dir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    await mkdir(path.join(ROOT, '.tmp'), { recursive: true });
    // Inside the project, so that the bundle finds its packages in node_modules as in dist/.
    dir = await mkdtemp(path.join(ROOT, '.tmp', 'production-build-'));
    built = dir;
    const dist = path.join(dir, 'dist');
    await mkdir(dist, { recursive: true });
    await copyFile(path.join(ROOT, 'index.html'), path.join(dist, 'index.html'));
    // As `npm run build` makes them, in processes of their own (not under the test runner's
    // NODE_ENV=test).
    const clean = { ...process.env };
    delete clean.NODE_ENV;
    delete clean.VITEST;
    const vite = path.join(ROOT, 'node_modules', '.bin', 'vite');
    execFileSync(
      vite,
      ['build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dist, '.ssr')],
      {
        cwd: ROOT,
        env: clean,
        stdio: 'ignore',
      },
    );
    execFileSync(
      process.execPath,
      ['scripts/build-server.mjs', '--outdir', path.join(dir, 'server')],
      {
        cwd: ROOT,
        env: clean,
      },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('renders pages with React built for production, whatever NODE_ENV the server has', async () => {
    const bundle = await readFile(path.join(dir, 'dist', '.ssr', 'entry-server.js'), 'utf8');
    expect(bundle).not.toContain('jsxDEV');
    expect(bundle).not.toMatch(/react[-.]dom[-.]server[^"']*development/);
    expect(bundle).not.toContain('process.env.NODE_ENV');
  });

  it('runs as plain JavaScript in production mode, packages left to node_modules', async () => {
    const files = await readdir(path.join(dir, 'server'));
    expect(files).toEqual(expect.arrayContaining(['main.mjs', 'admin.mjs']));
    const env: Record<string, string> = {
      DATA_DIR: path.join(dir, 'data'),
      DIST_DIR: path.join(dir, 'dist'),
    };
    server = await startServerProcess(env, { entry: path.join(dir, 'server', 'main.mjs') });
    expect(server.output()).toContain('mode production');
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('id="hero-title"');
  }, 60_000);
});

/** The size of a folder in MB (1,000,000 bytes) as it takes on disk, by `du`. */
function diskMegabytes(dir: string): number {
  return Number(
    execFileSync('du', ['-s', '--block-size=1000000', dir], { encoding: 'utf8' }).split('\t')[0],
  );
}

/** `npm run <script> -- args` in `cwd`, as an operator types it. */
function npmRun(cwd: string, env: Record<string, string>, script: string, args: string[]) {
  const clean = { ...process.env, ...env };
  delete clean.NODE_ENV;
  delete clean.VITEST;
  return spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd,
    env: clean,
    encoding: 'utf8',
  });
}

describe('a production install', () => {
  it('runs the built server with the runtime dependencies only (npm ci --omit=dev)', async () => {
    // A built tree, as an operator has it after `npm run build && npm prune --omit=dev`, outside
    // this checkout.
    const tree = await mkdtemp(path.join(tmpdir(), 'garage-install-'));
    try {
      for (const file of [
        'package.json',
        'package-lock.json',
        ...STARTUP_SQL_FILES,
        'scripts/run-command.mjs',
      ])
        await cp(path.join(ROOT, file), path.join(tree, file));
      await cp(
        path.join(ROOT, 'supabase', 'migrations'),
        path.join(tree, 'supabase', 'migrations'),
        {
          recursive: true,
        },
      );
      await cp(path.join(built, 'dist'), path.join(tree, 'dist'), { recursive: true });
      await cp(path.join(built, 'server'), path.join(tree, 'dist', '.server'), { recursive: true });
      const lock = await readFile(path.join(tree, 'package-lock.json'), 'utf8');
      installLocked(tree);
      expect(await readFile(path.join(tree, 'package-lock.json'), 'utf8')).toBe(lock);
      const installed = await readdir(path.join(tree, 'node_modules'));
      for (const devTool of ['vite', 'react', 'typescript', 'vitest', 'tsx', 'lighthouse'])
        expect(installed).not.toContain(devTool);
      // What a server keeps on disk for the site's packages (about 700 MB with the build tools).
      expect(diskMegabytes(path.join(tree, 'node_modules'))).toBeLessThan(200);

      const env = {
        DATA_DIR: path.join(tree, 'data'),
        DIST_DIR: path.join(tree, 'dist'),
        BACKUP_DIR: path.join(tree, 'backups'),
      };
      const server = await startServerProcess(env, {
        entry: path.join(tree, 'dist', '.server', 'main.mjs'),
        cwd: tree,
      });
      try {
        expect(server.output()).toContain('mode production');
        const home = await fetch(`${server.url}/`);
        expect(home.status).toBe(200);
        const html = await home.text();
        expect(html).toContain('id="hero-title"');

        // The administrator, by the command the README gives, through the running server.
        const commandEnv = { ...env, PORT: String(server.port), HOST: '127.0.0.1' };
        const email = 'patron@garage-exemple.fr';
        const created = npmRun(tree, commandEnv, 'admin', ['create', '--email', email]);
        expect(created.status, created.stdout + created.stderr).toBe(0);
        const password = /Mot de passe généré[^:]*: (\S+)/.exec(created.stdout)![1]!;

        // A photo uploaded by that administrator, then rendered for a visitor.
        const anonKey = /"anonKey":"([^"]+)"/.exec(html)![1]!;
        const supabase = createClient(server.url, anonKey, {
          auth: { persistSession: false, autoRefreshToken: false },
          realtime: { transport: WebSocket as never },
        });
        const signedIn = await supabase.auth.signInWithPassword({ email, password });
        expect(signedIn.error).toBeNull();
        const photo = await sharp({
          create: { width: 900, height: 600, channels: 3, background: '#2266aa' },
        })
          .jpeg()
          .toBuffer();
        const name = `${randomUUID()}.jpg`;
        const uploaded = await supabase.storage
          .from('media')
          .upload(name, photo, { contentType: 'image/jpeg' });
        expect(uploaded.error).toBeNull();
        const rendered = await fetch(
          `${server.url}/storage/v1/render/image/public/media/${name}?width=480`,
          { headers: { Accept: 'image/webp' } },
        );
        expect(rendered.status).toBe(200);
        const meta = await sharp(Buffer.from(await rendered.arrayBuffer())).metadata();
        expect([meta.format, meta.width]).toEqual(['webp', 480]);

        // What the fresh site still lacks, by the deployment script's command: the legal items.
        const check = npmRun(tree, commandEnv, 'check-site', []);
        expect(check.status, check.stdout + check.stderr).toBe(1);
        expect(check.stdout).toContain(`serveur en marche sur ${server.url}`);
        expect(check.stdout).toMatch(/^OBLIGATOIRE /m);

        // A backup, by its command.
        const backup = npmRun(tree, commandEnv, 'backup', []);
        expect(backup.status, backup.stdout + backup.stderr).toBe(0);
        expect(backup.stdout).toContain('Sauvegarde écrite');
        const archives = await readdir(env.BACKUP_DIR);
        expect(archives).toEqual([expect.stringMatching(/^garage-.*\.tar\.gz$/)]);
      } finally {
        await server.stop();
      }
    } finally {
      await rm(tree, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('the source fingerprint that decides whether `npm start` builds', () => {
  it('changes when a source file changes, and only then', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'garage-fingerprint-'));
    try {
      await mkdir(path.join(root, 'src'));
      await writeFile(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
      await writeFile(path.join(root, 'index.html'), '<!doctype html>');
      const first = await sourceFingerprint(root);
      expect(await sourceFingerprint(root)).toBe(first);
      await mkdir(path.join(root, 'data'));
      await writeFile(path.join(root, 'data', 'notes.txt'), 'pas une source');
      expect(await sourceFingerprint(root)).toBe(first);
      await writeFile(path.join(root, 'src', 'a.ts'), 'export const a = 2;\n');
      expect(await sourceFingerprint(root)).not.toBe(first);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

afterAll(() => rm(built, { recursive: true, force: true }));
