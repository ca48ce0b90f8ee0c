#!/usr/bin/env node
// `npm start`: builds the site only when its sources changed since the last build (a restart then
// takes seconds), and runs the built server in production mode, in this very process.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sourceFingerprint, STAMP_FILE } from './source-fingerprint.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
process.env.NODE_ENV ??= 'production';

const stampFile = path.join(ROOT, STAMP_FILE);
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
if (built !== (await sourceFingerprint(ROOT))) {
  console.log(built ? 'Sources modifiées : construction du site…' : 'Construction du site…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(path.join(ROOT, 'dist/.server/main.mjs')).href);
