// What a build is made from, as one hash: `npm start` builds again only when it changed.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export const STAMP_FILE = 'dist/.build-stamp';

/** Folders and files whose content goes into dist/ (migrations are read at run time instead). */
const SOURCES = [
  'src',
  'server',
  'schemas',
  'public',
  'supabase/functions',
  'scripts',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
];

async function files(root, entry) {
  const full = path.join(root, entry);
  const items = await readdir(full, { withFileTypes: true }).catch(() => undefined);
  if (!items) return [entry];
  const nested = await Promise.all(
    items
      .filter((item) => !item.name.startsWith('.'))
      .map((item) => files(root, path.join(entry, item.name))),
  );
  return nested.flat();
}

export async function sourceFingerprint(root) {
  const hash = createHash('sha256');
  for (const entry of SOURCES) {
    for (const file of (await files(root, entry)).sort()) {
      const content = await readFile(path.join(root, file)).catch(() => undefined);
      if (content === undefined) continue;
      hash.update(file).update('\0').update(content).update('\0');
    }
  }
  return hash.digest('hex');
}
