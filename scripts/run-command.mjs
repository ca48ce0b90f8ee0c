#!/usr/bin/env node
// `npm run admin -- …` (and the other server commands): the built command when there is a build,
// so that a production install without the development tools runs it; else the TypeScript source.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const [name, ...args] = process.argv.slice(2);
const built = path.join(ROOT, 'dist/.server', `${name}.mjs`);
const [command, commandArgs] = existsSync(built)
  ? [process.execPath, [built, ...args]]
  : [process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', `${name}.ts`), ...args]];
const result = spawnSync(command, commandArgs, { cwd: process.cwd(), stdio: 'inherit' });
process.exit(result.status ?? 1);
