import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';

const gzip = promisify(gzipCallback);

/** One answer ready to send: status, every header, and the body (none for a 304). */
export interface PageAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Buffer<ArrayBuffer> | null;
}

/** One encoding of a page: its answer, and its 304 for a client that holds it (200 pages only). */
export interface PageVariant {
  answer: PageAnswer;
  /** Quoted, without W/. */
  etag: string | undefined;
  notModified: PageAnswer | undefined;
}

/**
 * A rendered page as the cache keeps it: its bytes plain and gzipped, each with its headers, so
 * that serving it again does no compression and no string work.
 */
export interface PreparedPage {
  status: number;
  plain: PageVariant;
  gzipped: PageVariant;
}

/**
 * The encoding hono's compress() middleware (server/app.ts) would choose for this Accept-Encoding,
 * by the same rule, so a cached page is sent exactly as compress() would have sent it.
 */
export function selectEncoding(header: string | undefined): 'gzip' | 'deflate' | undefined {
  if (header === undefined) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: 'gzip' | 'deflate'; q: number } | undefined;
  for (const encoding of ['gzip', 'deflate'] as const) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcard ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * `shared` are the headers the middlewares in front of the site add to every response (CORS and
 * security headers): the answers carry them already, for the fast path (server/fast-path.ts).
 */
export async function preparePage(
  status: number,
  html: string,
  shared: Readonly<Record<string, string>>,
): Promise<PreparedPage> {
  const plain = Buffer.from(html, 'utf8');
  const hash = createHash('sha256').update(plain).digest('base64url').slice(0, 32);
  const variant = (body: Buffer<ArrayBuffer>, encoding: 'gzip' | undefined): PageVariant => {
    const etag = status === 200 ? `"${hash}${encoding ? `-${encoding}` : ''}"` : undefined;
    // A 304 carries what lets a cache update its stored answer, not the body's own metadata.
    const cacheHeaders: Record<string, string> = {
      ...shared,
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      ...(etag ? { etag } : {}),
    };
    const headers: Record<string, string> = {
      ...cacheHeaders,
      'content-type': 'text/html; charset=UTF-8',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': String(body.length),
    };
    return {
      answer: { status, headers, body },
      etag,
      notModified: etag ? { status: 304, headers: cacheHeaders, body: null } : undefined,
    };
  };
  return { status, plain: variant(plain, undefined), gzipped: variant(await gzip(plain), 'gzip') };
}

/** The bytes a prepared page holds: its two bodies. */
export function preparedBytes(page: PreparedPage): number {
  return (page.plain.answer.body?.length ?? 0) + (page.gzipped.answer.body?.length ?? 0);
}

/** Whether If-None-Match names `etag`, compared weakly as RFC 9110 asks for this header. */
export function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The answer to a GET or HEAD of a cached page: 304 when the client already holds it. */
export function answerFor(
  page: PreparedPage,
  gzipped: boolean,
  ifNoneMatch: string | undefined,
): PageAnswer {
  const { answer, etag, notModified } = gzipped ? page.gzipped : page.plain;
  if (etag && notModified && ifNoneMatch !== undefined && matches(ifNoneMatch, etag))
    return notModified;
  return answer;
}
