import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const manifest = JSON.parse(
  readFileSync(path.resolve('dist/.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;

/** The built files (`/assets/...`) of the entry chunk and every chunk it imports statically. */
export function entryFiles(): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .forEach(([key]) => visit(key));
  return files;
}

/** The built file (`/assets/...`) of the chunk whose source is `key`, e.g. `src/admin/index.ts`. */
export function chunkFile(key: string): string {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build has no ${key} chunk.`);
  return `/${chunk.file}`;
}

/** The built file of the back-office's lazily loaded entry. */
export function adminChunkFile(): string {
  return chunkFile('src/admin/index.ts');
}
