import { bodyTooLarge, invalidRequest, StorageError, tooLarge } from './errors.ts';

/** Room for a multipart envelope (boundaries, the cacheControl and metadata fields) around a file. */
const ENVELOPE_BYTES = 64 * 1024;

export interface UploadBody {
  bytes: Buffer;
  /** `max-age=<seconds>` as the client asked (supabase-js: the `cacheControl` option). */
  cacheControl: string;
}

/**
 * Reads a request body, stopping as soon as it passes `limit` bytes: an oversized upload is
 * refused before it is all in memory (docs/decisions/006-bounded-for-the-open-internet.md).
 */
async function readBounded(
  request: Request,
  limit: number,
  refusal: () => StorageError,
): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw refusal();
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw refusal();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/** `max-age=N` from what supabase-js sends ('3600', or a `cache-control` header), bounded. */
function cacheControlOf(value: string | null | undefined): string {
  const match = /(\d{1,9})/.exec(value ?? '');
  const seconds = match ? Math.min(Number(match[1]), 31_536_000) : 3600;
  return `max-age=${seconds}`;
}

/**
 * The file of an upload as supabase-js sends it: a multipart form (a Blob or File; the file is
 * its one file field) or the raw bytes (a Buffer or ArrayBuffer).
 */
export async function readUpload(request: Request, fileLimit: number): Promise<UploadBody> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    const bytes = await readBounded(request, fileLimit, () => tooLarge());
    return { bytes, cacheControl: cacheControlOf(request.headers.get('cache-control')) };
  }
  const raw = await readBounded(request, fileLimit + ENVELOPE_BYTES, () => tooLarge());
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    throw invalidRequest('Malformed multipart form data');
  }
  const files = [...form.values()].filter((v): v is File => typeof v !== 'string');
  if (files.length === 0) throw invalidRequest('No content provided');
  if (files.length > 1) throw invalidRequest('Expected a single file in the form');
  const bytes = Buffer.from(await files[0]!.arrayBuffer());
  if (bytes.byteLength > fileLimit) throw tooLarge();
  const cacheControl = form.get('cacheControl');
  return {
    bytes,
    cacheControl: cacheControlOf(typeof cacheControl === 'string' ? cacheControl : null),
  };
}

/** A small JSON body (list and remove), at most `limit` bytes, as an object. */
export async function readJson(
  request: Request,
  limit = 256 * 1024,
): Promise<Record<string, unknown>> {
  const raw = await readBounded(request, limit, bodyTooLarge);
  try {
    const value: unknown = JSON.parse(raw.toString('utf8') || '{}');
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw invalidRequest('Body is not valid JSON: an object is expected');
}
