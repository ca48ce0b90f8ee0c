import type { Tx } from '../db/database.ts';

/**
 * The schemas a backup holds: everything that is the site's state (content, posts, visits and their
 * daily counts, accounts and sessions, stored keys, uploaded files' records, the migrations
 * applied). Not garage_server, the per-client counters, which mean nothing once time has passed.
 */
export const BACKED_UP_SCHEMAS = ['supabase_migrations', 'auth', 'public', 'private', 'storage'];

export interface BackupTable {
  schema: string;
  name: string;
  /** `"schema"."name"`, quoted. */
  qualified: string;
  /** Columns a restore writes (generated columns are computed again), quoted, in order. */
  columns: string[];
  /** Whether an identity column is GENERATED ALWAYS (a restore then overrides it). */
  identityAlways: boolean;
  /** The primary key's columns, quoted; empty when the table has none. */
  key: string[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables to back up, parents before children (a restore inserts them in this order). */
export async function backupTables(tx: Tx): Promise<BackupTable[]> {
  const { rows } = await tx.query<{
    oid: number;
    schema: string;
    name: string;
    columns: string[] | string;
    identity_always: boolean;
    key: string[] | string | null;
    parents: number[] | string | null;
  }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name,
            (select json_agg(a.attname order by a.attnum) from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                and a.attgenerated = '')::text as columns,
            exists (select 1 from pg_attribute a
              where a.attrelid = c.oid and a.attidentity = 'a') as identity_always,
            (select json_agg(a.attname order by k.ord) from pg_index i
               cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
               join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
              where i.indrelid = c.oid and i.indisprimary)::text as key,
            (select json_agg(distinct f.confrelid::int) from pg_constraint f
              where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid)::text as parents
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1)
      order by n.nspname, c.relname`,
    [BACKED_UP_SCHEMAS],
  );
  const json = <T>(v: T[] | string | null): T[] =>
    v === null ? [] : typeof v === 'string' ? ((JSON.parse(v) as T[] | null) ?? []) : v;
  const byOid = new Map(rows.map((r) => [r.oid, r]));
  const ordered: typeof rows = [];
  const placed = new Set<number>();
  const place = (row: (typeof rows)[number], path: Set<number>) => {
    if (placed.has(row.oid) || path.has(row.oid)) return;
    path.add(row.oid);
    for (const parent of json<number>(row.parents)) {
      const found = byOid.get(parent);
      if (found) place(found, path);
    }
    placed.add(row.oid);
    ordered.push(row);
  };
  for (const row of rows) place(row, new Set());
  return ordered.map((r) => ({
    schema: r.schema,
    name: r.name,
    qualified: `${quote(r.schema)}.${quote(r.name)}`,
    columns: json<string>(r.columns).map(quote),
    identityAlways: r.identity_always,
    key: json<string>(r.key).map(quote),
  }));
}
