#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built site, at
// the highest levels, once: the server then sends them as they are (server/static-files.ts), as
// nginx's brotli_static and gzip_static do, instead of compressing on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.ico']);
/** Below this, compression saves less than the headers it costs. */
const MIN_BYTES = 1024;

const root = path.resolve(process.argv[2] ?? 'dist');
let written = 0;

async function visit(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await visit(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name)) && entry.name !== 'index.html') {
      const body = await readFile(full);
      if (body.length < MIN_BYTES) continue;
      const br = await brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      const gzipped = await gz(body, { level: 9 });
      // A copy that is not smaller is not worth sending.
      if (br.length < body.length) await writeFile(`${full}.br`, br);
      if (gzipped.length < body.length) await writeFile(`${full}.gz`, gzipped);
      written += 1;
    }
  }
}

await visit(root);
console.log(`${written} fichier(s) précompressé(s) (brotli et gzip) dans ${root}.`);
