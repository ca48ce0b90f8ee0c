#!/usr/bin/env node
// The server and its commands as plain JavaScript in dist/.server/ (never served: the site serves
// no dot folder), so that `npm run serve` and a production install (`npm prune --omit=dev`) run them
// without compiling TypeScript. Packages stay
// outside the bundle: they are the runtime dependencies in package.json. Then the fingerprint of
// the sources the build came from, which `npm start` compares to decide whether to build again.
import { build } from 'esbuild';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sourceFingerprint, STAMP_FILE } from './source-fingerprint.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
// `--outdir DIR`: another place (a test's), and no fingerprint: dist/ is not what was built.
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });

await build({
  absWorkingDir: ROOT,
  entryPoints: {
    main: 'server/main.ts',
    admin: 'scripts/admin.ts',
    backup: 'scripts/backup.ts',
    restore: 'scripts/restore.ts',
    'check-site': 'scripts/check-site.ts',
  },
  outdir: values.outdir ?? 'dist/.server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  packages: 'external',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  // Production mode unless told otherwise (a test run, a benchmark of development mode).
  banner: { js: "process.env.NODE_ENV ??= 'production';" },
});

if (!values.outdir)
  await writeFile(path.join(ROOT, STAMP_FILE), (await sourceFingerprint(ROOT)) + '\n');
