import type { Database, RequestIdentity } from '../db/database.ts';
import { invalidRequest } from './errors.ts';
import { isoTime } from './objects.ts';

/** At most this many entries per list request, whatever `limit` asks. */
export const MAX_LIST_LIMIT = 1000;
const MAX_TEXT = 1024;
const MAX_OFFSET = 1_000_000;
const SORTABLE = new Set(['name', 'created_at', 'updated_at', 'last_accessed_at']);

export interface ListOptions {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  column: string;
  descending: boolean;
}

function integer(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    throw invalidRequest(`body/${name} must be an integer >= ${min}`);
  return Math.min(value, max);
}

function text(name: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > MAX_TEXT)
    throw invalidRequest(`body/${name} must be a string of at most ${MAX_TEXT} characters`);
  return value;
}

/** The body supabase-js's `list()` sends, checked and bounded. */
export function listOptions(body: Record<string, unknown>): ListOptions {
  let prefix = text('prefix', body.prefix);
  if (prefix !== '' && !prefix.endsWith('/')) prefix += '/';
  const sortBy = (typeof body.sortBy === 'object' && body.sortBy) || {};
  const { column = 'name', order = 'asc' } = sortBy as { column?: unknown; order?: unknown };
  if (typeof column !== 'string' || !SORTABLE.has(column))
    throw invalidRequest(
      'body/sortBy/column must be one of name, updated_at, created_at, last_accessed_at',
    );
  return {
    prefix,
    search: text('search', body.search),
    limit: integer('limit', body.limit, 100, 1, MAX_LIST_LIMIT),
    offset: integer('offset', body.offset, 0, 0, MAX_OFFSET),
    column,
    descending: String(order).toLowerCase() === 'desc',
  };
}

/**
 * One level of a bucket under `prefix`, as the caller may see it: files with their record, and
 * folders (name only, id null), as Supabase's `storage.search` answers.
 */
export async function listObjects(
  db: Database,
  identity: RequestIdentity,
  bucket: string,
  options: ListOptions,
): Promise<Record<string, unknown>[]> {
  const direction = options.descending ? 'desc' : 'asc';
  const { rows } = await db.asRequest(identity, (tx) =>
    tx.query<Record<string, unknown>>(
      `with level as (
         select split_part(substr(o.name, length($2) + 1), '/', 1) as entry,
                strpos(substr(o.name, length($2) + 1), '/') > 0 as folder, o.*
           from storage.objects o
          where o.bucket_id = $1 and starts_with(o.name, $2)
            and starts_with(lower(substr(o.name, length($2) + 1)), lower($3))
       ), entries as (
         select distinct on (entry) entry as name, case when folder then null else id end as id,
                case when folder then null else created_at end as created_at,
                case when folder then null else updated_at end as updated_at,
                case when folder then null else last_accessed_at end as last_accessed_at,
                case when folder then null else metadata end as metadata
           from level order by entry, folder
       )
       select name, id::text as id, ${isoTime('updated_at')}, ${isoTime('created_at')},
              ${isoTime('last_accessed_at')}, metadata
         from entries order by ${options.column} ${direction} nulls last, name ${direction}
        limit $4 offset $5`,
      [bucket, options.prefix, options.search, options.limit, options.offset],
    ),
  );
  return rows.map((r) => ({
    ...r,
    metadata: typeof r.metadata === 'string' ? (JSON.parse(r.metadata) as unknown) : r.metadata,
  }));
}
