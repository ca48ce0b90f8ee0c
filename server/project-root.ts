import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the one holding package.json), found from this file whether it runs from
 * the sources or from the server bundle in dist/.server/: migrations and other files read at run
 * time are found from there.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
