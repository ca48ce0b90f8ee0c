import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseAccept } from 'hono/utils/accept';
import { matches, type PageAnswer } from './render/prepared-page.server.ts';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

/** The encodings `npm run build` writes beside a file (scripts/compress-assets.mjs), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/** Files bigger than this are read from disk at each request rather than kept in memory. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

interface Variant {
  answer: PageAnswer;
  notModified: PageAnswer;
  etag: string;
}

/** A file of the built site, ready to send in each encoding it was built in. */
export interface StaticFile {
  identity: Variant;
  encoded: Partial<Record<Encoding, Variant>>;
}

/** Hashed assets never change under their name; other files may, with the next build. */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith('/assets/')
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=3600';
}

function variant(
  pathname: string,
  body: Buffer<ArrayBuffer>,
  encoding: Encoding | undefined,
  compressed: boolean,
  shared: Readonly<Record<string, string>>,
): Variant {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const etag = `"${hash}"`;
  const cacheHeaders: Record<string, string> = {
    ...shared,
    'cache-control': cacheControlFor(pathname),
    etag,
    ...(compressed ? { vary: 'Accept-Encoding' } : {}),
  };
  const type = CONTENT_TYPES[path.extname(pathname)] ?? 'application/octet-stream';
  return {
    etag,
    answer: {
      status: 200,
      headers: {
        ...cacheHeaders,
        'content-type': type,
        ...(encoding ? { 'content-encoding': encoding } : {}),
        'content-length': String(body.length),
      },
      body,
    },
    notModified: { status: 304, headers: cacheHeaders, body: null },
  };
}

/**
 * Every file of the built site (`dist/`, without its dot folders and index.html, which the server
 * renders), read once at start with its precompressed copies, so that serving one is a lookup:
 * no disk access, no compression. `shared` are the headers every response of the site carries.
 */
export async function loadStaticFiles(
  root: string,
  shared: Readonly<Record<string, string>>,
): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const visit = async (dir: string) => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await visit(full);
        continue;
      }
      if (ENCODINGS.some((e) => entry.name.endsWith(e.suffix))) continue;
      const pathname = '/' + path.relative(root, full).split(path.sep).join('/');
      if (pathname === '/index.html' || (await stat(full)).size > MAX_FILE_BYTES) continue;
      const encoded: StaticFile['encoded'] = {};
      for (const { name, suffix } of ENCODINGS) {
        const body = await readFile(full + suffix).catch(() => undefined);
        if (body) encoded[name] = variant(pathname, body, name, true, shared);
      }
      const compressed = Object.keys(encoded).length > 0;
      files.set(pathname, {
        identity: variant(pathname, await readFile(full), undefined, compressed, shared),
        encoded,
      });
    }
  };
  await visit(root);
  return files;
}

/** The best encoding of `file` the client accepts (brotli before gzip), as nginx's *_static do. */
function chooseVariant(file: StaticFile, acceptEncoding: string | undefined): Variant {
  if (acceptEncoding) {
    const accepts = parseAccept(acceptEncoding);
    const wildcard = accepts.find((a) => a.type === '*')?.q ?? 0;
    for (const { name } of ENCODINGS) {
      const q = accepts.find((a) => a.type.toLowerCase() === name)?.q ?? wildcard;
      const found = file.encoded[name];
      if (found && q > 0) return found;
    }
  }
  return file.identity;
}

export function answerStatic(
  file: StaticFile,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): PageAnswer {
  const chosen = chooseVariant(file, acceptEncoding);
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, chosen.etag)) return chosen.notModified;
  return chosen.answer;
}
