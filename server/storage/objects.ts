import type { Database, RequestIdentity, Tx } from '../db/database.ts';
import { bucketNotFound, notFound } from './errors.ts';
import type { ObjectRef } from './keys.ts';

/** What Supabase's storage server records of a file in storage.objects.metadata. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface Bucket {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/**
 * A bucket's settings, read as the database owner, as Supabase's storage server reads them: they
 * are configuration, not data a policy guards. Objects are always read and written as the caller.
 */
export async function findBucket(db: Database, id: string): Promise<Bucket> {
  const { rows } = await db.transaction((tx) =>
    tx.query<{ id: string; public: boolean | null; limit: string | null; types: string | null }>(
      `select id, public, file_size_limit::text as limit, array_to_json(allowed_mime_types)::text as types
         from storage.buckets where id = $1`,
      [id],
    ),
  );
  const row = rows[0];
  if (!row) throw bucketNotFound();
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.limit === null ? null : Number(row.limit),
    allowedMimeTypes: row.types === null ? null : (JSON.parse(row.types) as string[]),
  };
}

/** A timestamp column as JSON writes it (`2026-11-23T09:30:00.000Z`), named after the column. */
export const isoTime = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;

/** An upload's way of writing: a new name, a new or existing one (`x-upsert`), an existing one (PUT). */
export type WriteMode = 'insert' | 'upsert' | 'update';

function ownerOf(identity: RequestIdentity): string | null {
  const sub = identity.claims.sub;
  return typeof sub === 'string' && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null;
}

const parse = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

/**
 * Inserts the row (or, with `upsert`, replaces it), as the caller: RLS decides. Returns its id.
 * Each write gets a new `version`, as Supabase's storage server gives every upload one.
 */
export async function writeObject(
  tx: Tx,
  identity: RequestIdentity,
  ref: ObjectRef,
  metadata: ObjectMetadata,
  mode: WriteMode,
): Promise<string> {
  const owner = ownerOf(identity);
  const params = [ref.bucket, ref.name, owner, JSON.stringify(metadata)];
  const sql =
    mode === 'update'
      ? `update storage.objects set owner = $3::uuid, owner_id = $3::text, metadata = $4::jsonb,
                version = gen_random_uuid()::text, updated_at = now(), last_accessed_at = now()
          where bucket_id = $1 and name = $2 returning id::text as id`
      : `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
         values ($1, $2, $3::uuid, $3::text, $4::jsonb, gen_random_uuid()::text)
         ${
           mode === 'upsert'
             ? `on conflict (bucket_id, name) do update set owner = excluded.owner,
                  owner_id = excluded.owner_id, metadata = excluded.metadata,
                  version = excluded.version, updated_at = now(), last_accessed_at = now()`
             : ''
         }
         returning id::text as id`;
  const { rows } = await tx.query<{ id: string }>(sql, params);
  if (!rows[0]) throw notFound();
  return rows[0].id;
}

/**
 * Tests the caller's right to write before the body is read, in a transaction rolled back: a
 * refusal by the policies (403) or a name already taken (409) costs no upload.
 */
export async function canWrite(
  db: Database,
  identity: RequestIdentity,
  ref: ObjectRef,
  mode: WriteMode,
): Promise<void> {
  const probe: ObjectMetadata = {
    eTag: '""',
    size: 0,
    mimetype: 'application/octet-stream',
    cacheControl: 'max-age=0',
    lastModified: new Date(0).toISOString(),
    contentLength: 0,
    httpStatusCode: 200,
  };
  const rollback = Symbol('rollback');
  try {
    await db.asRequest(identity, async (tx) => {
      await writeObject(tx, identity, ref, probe, mode);
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
}

export interface StoredObject {
  id: string;
  metadata: ObjectMetadata;
}

/** The row of one object as `identity` may see it (the owner's view when `identity` is null). */
export async function readObject(
  db: Database,
  identity: RequestIdentity | null,
  ref: ObjectRef,
): Promise<StoredObject> {
  const query = (tx: Tx) =>
    tx.query<{ id: string; metadata: unknown }>(
      `select id::text as id, metadata from storage.objects where bucket_id = $1 and name = $2`,
      [ref.bucket, ref.name],
    );
  const { rows } = identity ? await db.asRequest(identity, query) : await db.transaction(query);
  const row = rows[0];
  if (!row || row.metadata === null) throw notFound();
  return { id: row.id, metadata: parse<ObjectMetadata>(row.metadata) };
}

/** Deletes the rows the caller may delete among `names`; answers them as Supabase does. */
export async function deleteObjects(
  db: Database,
  identity: RequestIdentity,
  bucket: string,
  names: string[],
): Promise<Record<string, unknown>[]> {
  const { rows } = await db.asRequest(identity, (tx) =>
    tx.query<Record<string, unknown>>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning bucket_id, name, id::text as id, owner::text as owner, owner_id, version,
                 ${isoTime('created_at')}, ${isoTime('updated_at')},
                 ${isoTime('last_accessed_at')}, metadata, user_metadata`,
      [bucket, names],
    ),
  );
  return rows.map((r) => ({
    ...r,
    metadata: r.metadata === null ? null : parse(r.metadata),
    user_metadata: r.user_metadata === null ? null : parse(r.user_metadata),
  }));
}
