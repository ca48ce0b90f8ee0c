import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { notFound } from './errors.ts';
import type { ObjectMetadata } from './objects.ts';

/** Whether the client's `If-None-Match` names this ETag (weak or strong). */
export function matches(headers: Headers, eTag: string): boolean {
  const given = headers.get('if-none-match');
  if (!given) return false;
  return given
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === eTag);
}

/**
 * A stored file as Supabase's storage server sends it: its recorded type, length, ETag and cache
 * lifetime; 304 when the client holds this version already.
 */
export async function sendFile(
  file: string,
  metadata: Pick<ObjectMetadata, 'eTag' | 'mimetype' | 'cacheControl' | 'lastModified'>,
  request: Request,
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': metadata.mimetype,
    ETag: metadata.eTag,
    'Cache-Control': metadata.cacheControl,
    'Last-Modified': new Date(metadata.lastModified).toUTCString(),
    ...extra,
  };
  if (matches(request.headers, metadata.eTag)) return new Response(null, { status: 304, headers });
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw notFound();
  headers['Content-Length'] = String(info.size);
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
