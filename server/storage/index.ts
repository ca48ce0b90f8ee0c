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
import {
  accessDenied,
  errorResponse,
  invalidRequest,
  notFound,
  routeNotFound,
  toStorageError,
} from './errors.ts';
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
  throw accessDenied(result.reason === 'expired' ? 'jwt expired' : 'invalid signature');
}

/**
 * The routes of Supabase Storage that this server answers, tried in this order: a path's
 * segments after /storage/v1, `*` standing for the rest (an object's name may hold slashes, so
 * the segments stay percent-encoded until keys.ts checks them). The oracle test
 * (tests/oracles/) reads this table to check every route's answers against Supabase's shapes.
 */
export const STORAGE_ROUTES = [
  { method: 'POST', path: '/object/list/*', action: 'list' },
  { method: 'GET', path: '/object/public/*', action: 'download-public' },
  { method: 'GET', path: '/object/authenticated/*', action: 'download' },
  { method: 'DELETE', path: '/object/:bucket', action: 'remove' },
  { method: 'POST', path: '/object/*', action: 'upload' },
  { method: 'PUT', path: '/object/*', action: 'upload' },
  { method: 'GET', path: '/object/*', action: 'download' },
  { method: 'GET', path: '/render/image/public/*', action: 'render-public' },
  { method: 'GET', path: '/render/image/authenticated/*', action: 'render' },
] as const;

export type StorageRoute = (typeof STORAGE_ROUTES)[number];

/**
 * The route a request's segments match, and the segments the `:param` and `*` stand for (a
 * missing segment reads as empty, as an empty one would).
 */
export function matchStorageRoute(
  method: string,
  segments: readonly string[],
): { route: StorageRoute; rest: string[] } | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  for (const route of STORAGE_ROUTES) {
    if (route.method !== verb) continue;
    const pattern = route.path.slice(1).split('/');
    const rest: string[] = [];
    const matched = pattern.every((part, i) => {
      if (part === '*') {
        rest.push(...segments.slice(i));
        return true;
      }
      const segment = segments[i] ?? '';
      if (part.startsWith(':')) {
        rest.push(segment);
        return i === pattern.length - 1 ? segments.length <= pattern.length : true;
      }
      return segment === part;
    });
    if (matched) return { route, rest };
  }
  return undefined;
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
      throw toStorageError(error).closingConnection();
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
      // A variant of the replaced file left behind is named after its ETag: never served again.
      await renderer.forget(ref).catch(() => undefined);
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
      throw invalidRequest(`body/prefixes must list 1 to ${MAX_REMOVE} object names`);
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

  /** Routes on the path's segments, by the table above. */
  function dispatch(request: Request): Promise<Response> {
    const pathname = new URL(request.url).pathname;
    const segments = pathname.slice(pathname.indexOf('/storage/v1/') + 12).split('/');
    const found = matchStorageRoute(request.method, segments);
    if (!found) throw routeNotFound(request.method, pathname);
    const { route, rest } = found;
    switch (route.action) {
      case 'list':
        return list(request, bucketOf(rest));
      case 'remove':
        return remove(request, bucketOf(rest));
      case 'upload':
        return upload(request, objectOf(rest));
      case 'download':
      case 'download-public':
        return download(request, objectOf(rest), route.action === 'download-public');
      case 'render':
      case 'render-public':
        return render(request, objectOf(rest), route.action === 'render-public');
    }
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
