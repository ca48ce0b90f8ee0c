import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';

/**
 * A dist/ with index.html and a fresh server bundle of src/entry-server.tsx, built in `dir`, so a
 * test of the server-rendered pages needs no prior `npm run build` (the browser bundle is not
 * needed: the HTML is checked without a browser). Returns a function that removes it.
 */
export async function buildServerBundle(dir: string): Promise<() => Promise<void>> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await copyFile('index.html', path.join(dir, 'index.html'));
  await build({
    configFile: path.resolve('vite.config.ts'),
    // Under the test runner (NODE_ENV=test) JSX compiles for React's development build: the
    // bundle must carry that build too.
    mode: 'development',
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: path.join(dir, '.ssr'), emptyOutDir: true },
  });
  return () => rm(dir, { recursive: true, force: true });
}
