import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
// @ts-expect-error: a plain JavaScript build script, without type declarations.
import { sourceFingerprint } from '../../scripts/source-fingerprint.mjs';

// What `npm start` and `npm run serve` run: the server bundle (plain JavaScript, no TypeScript
// compiled at run time) in production mode, rendering with React's production build.

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the production build', () => {
  let dir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    await mkdir(path.join(ROOT, '.tmp'), { recursive: true });
    // Inside the project, so that the bundle finds its packages in node_modules as in dist/.
    dir = await mkdtemp(path.join(ROOT, '.tmp', 'production-build-'));
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
    await rm(dir, { recursive: true, force: true });
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
