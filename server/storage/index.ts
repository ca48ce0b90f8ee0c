import { createHash } from 'node:crypto';
import path from 'node:path';
import { Hono } from 'hono';
import { FILES_DIR } from '../backup/archive.ts';
import type { AppContext } from '../context.ts';
import type { RequestIdentity } from '../db/database.ts';
import { identify } from '../identity.ts';
import { describeError, log } from '../log.ts';
import { readJson, readUpload } from './body.ts';
import { sendFile } from './download.ts';
import { errorResponse, invalidRequest, notFound, StorageError, toStorageError } from './errors.ts';
import { FileStore } from './files.ts';
import { cleanImage } from './image.ts';
import { bucketOf, MAX_NAME_LENGTH, objectOf, type ObjectRef } from './keys.ts';
import { MEDIA_MAX_BYTES } from '../../src/content/media.ts';
import { listObjects, listOptions } from './list.ts';
import {
  canWrite,
  deleteObjects,
  findBucket,
  readObject,
  writeObject,
  type ObjectMetadata,
  type WriteMode,
} from './objects.ts';
import { Renderer, transformOf } from './render.ts';

/** The largest photo accepted, whatever a bucket allows (docs/decisions/023-media-storage.md). */
export const MAX_UPLOAD_BYTES = MEDIA_MAX_BYTES;
/** Names one remove request may list. */
const MAX_REMOVE = 1000;

type StorageContext = Pick<AppContext, 'db' | 'config'>;

async function identityOf(ctx: StorageContext, headers: Headers): Promise<RequestIdentity> {
  const result = await identify(headers, ctx.config.jwtSecret);
  if (result.ok) return result.identity;
  throw new StorageError(
    403,
    'Unauthorized',
    result.reason === 'expired' ? 'jwt expired' : 'invalid signature',
  );
}

/**
 * Supabase Storage's object API, the part supabase-js's `storage` client uses, mounted at
 * /storage/v1. Every object record is read and written as the caller's role, so the policies on
 * storage.objects decide, as on hosted Supabase; files live in `<DATA_DIR>/storage`.
 */
export function storageRoutes(ctx: StorageContext): Hono {
  const files = new FileStore(path.join(ctx.config.dataDir, FILES_DIR));
  const renderer = new Renderer(files);
  const { db } = ctx;

  /**
   * Who calls, the bucket, and whether the policies let the caller write this name, before the
   * body is read (as Supabase's server tests it first). A refusal leaves the body unread, so its
   * answer closes the connection.
   */
  async function admitUpload(request: Request, ref: ObjectRef, mode: WriteMode) {
    try {
      const identity = await identityOf(ctx, request.headers);
      const bucket = await findBucket(db, ref.bucket);
      await canWrite(db, identity, ref, mode);
      return { identity, bucket };
    } catch (error) {
      const refusal = toStorageError(error);
      throw new StorageError(refusal.status, refusal.error, refusal.message, true);
    }
  }

  async function upload(request: Request, ref: ObjectRef): Promise<Response> {
    const mode: WriteMode =
      request.method === 'PUT'
        ? 'update'
        : request.headers.get('x-upsert') === 'true'
          ? 'upsert'
          : 'insert';
    const { identity, bucket } = await admitUpload(request, ref, mode);
    const limit = Math.min(bucket.fileSizeLimit ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
    const body = await readUpload(request, limit);
    const image = await cleanImage(body.bytes, bucket.allowedMimeTypes);
    const metadata: ObjectMetadata = {
      eTag: `"${createHash('md5').update(image.bytes).digest('hex')}"`,
      size: image.bytes.byteLength,
      mimetype: image.mimetype,
      cacheControl: body.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: image.bytes.byteLength,
      httpStatusCode: 200,
    };
    const staged = await files.stage(image.bytes);
    try {
      const id = await db.asRequest(identity, async (tx) => {
        const written = await writeObject(tx, identity, ref, metadata, mode);
        // In the transaction: a record is never committed without its file.
        await staged.commit(ref);
        return written;
      });
      await renderer.forget(ref);
      renderer.prepare(ref, metadata);
      return Response.json({ Id: id, Key: `${ref.bucket}/${ref.name}` });
    } finally {
      await staged.discard();
    }
  }

  async function download(request: Request, ref: ObjectRef, pub: boolean): Promise<Response> {
    const object = pub
      ? await publicObject(ref)
      : await readObject(db, await identityOf(ctx, request.headers), ref);
    return sendFile(files.path(ref), object.metadata, request);
  }

  /** An object of a public bucket, readable by anyone as on Supabase. */
  async function publicObject(ref: ObjectRef) {
    const bucket = await findBucket(db, ref.bucket);
    if (!bucket.public) throw notFound();
    return readObject(db, null, ref);
  }

  async function render(request: Request, ref: ObjectRef, pub: boolean): Promise<Response> {
    const transform = transformOf(new URL(request.url));
    const object = pub
      ? await publicObject(ref)
      : await readObject(db, await identityOf(ctx, request.headers), ref);
    return renderer.respond(request, ref, object.metadata, transform);
  }

  async function remove(request: Request, bucket: string): Promise<Response> {
    const identity = await identityOf(ctx, request.headers);
    const { prefixes } = await readJson(request);
    if (
      !Array.isArray(prefixes) ||
      prefixes.length === 0 ||
      prefixes.length > MAX_REMOVE ||
      !prefixes.every((p) => typeof p === 'string' && p.length > 0 && p.length <= MAX_NAME_LENGTH)
    )
      throw invalidRequest(`prefixes : de 1 à ${MAX_REMOVE} noms de fichiers attendus.`);
    const removed = await deleteObjects(db, identity, bucket, prefixes as string[]);
    for (const row of removed) {
      const ref = { bucket, name: String(row.name) };
      await files.remove(ref).catch(() => undefined);
      await renderer.forget(ref).catch(() => undefined);
    }
    return Response.json(removed);
  }

  async function list(request: Request, bucket: string): Promise<Response> {
    const identity = await identityOf(ctx, request.headers);
    const options = listOptions(await readJson(request));
    await findBucket(db, bucket);
    return Response.json(await listObjects(db, identity, bucket, options));
  }

  /** Routes on the path's segments (names may hold slashes, kept percent-encoded until checked). */
  function dispatch(request: Request): Promise<Response> {
    const pathname = new URL(request.url).pathname;
    const segments = pathname.slice(pathname.indexOf('/storage/v1/') + 12).split('/');
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const [area, kind, ...rest] = segments;
    if (area === 'object') {
      if (kind === 'list' && method === 'POST') return list(request, bucketOf(rest));
      if ((kind === 'public' || kind === 'authenticated') && method === 'GET')
        return download(request, objectOf(rest), kind === 'public');
      const after = [kind ?? '', ...rest];
      if (method === 'DELETE' && after.length === 1) return remove(request, bucketOf(after));
      if (method === 'POST' || method === 'PUT') return upload(request, objectOf(after));
      if (method === 'GET') return download(request, objectOf(after), false);
    }
    if (area === 'render' && kind === 'image' && method === 'GET') {
      const [access, ...target] = rest;
      if (access === 'public' || access === 'authenticated')
        return render(request, objectOf(target), access === 'public');
    }
    throw new StorageError(404, 'not_found', 'Route introuvable.');
  }

  const app = new Hono();
  app.all('*', async (c) => {
    try {
      return await dispatch(c.req.raw);
    } catch (error) {
      const answer = toStorageError(error);
      if (answer.status >= 500) log.error({ err: describeError(error) }, 'storage request failed');
      return errorResponse(answer);
    }
  });
  return app;
}
