import type { Database } from '../db/database.ts';
import { ident } from '../rest/sql.ts';

/** What the change feed needs to know of a table, read from the catalog as the owner. */
export interface TableInfo {
  schema: string;
  table: string;
  /** `"schema"."table"`, safe to put in SQL. */
  rel: string;
  /** Columns in order: name, type name as realtime-js converts it (int8, bool, _text…), SQL type. */
  columns: { name: string; type: string; sqlType: string }[];
  /** The primary key's columns, in order. */
  keys: string[];
  rowSecurity: boolean;
}

const CACHE_MS = 30_000;

/** Reads table descriptions once per 30 s (a migration at runtime is seen after that). */
export class TableCatalog {
  readonly #cache = new Map<string, { at: number; info: Promise<TableInfo | undefined> }>();

  constructor(private readonly db: Database) {}

  get(schema: string, table: string): Promise<TableInfo | undefined> {
    const key = `${schema}.${table}`;
    const hit = this.#cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.info;
    const info = this.#read(schema, table).catch(() => undefined);
    this.#cache.set(key, { at: Date.now(), info });
    return info;
  }

  #read(schema: string, table: string): Promise<TableInfo | undefined> {
    return this.db.transaction(async (tx) => {
      const { rows: found } = await tx.query<{ oid: number; rls: boolean }>(
        `select c.oid::int as oid, c.relrowsecurity as rls
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
        [schema, table],
      );
      const rel = found[0];
      if (!rel) return undefined;
      const { rows: columns } = await tx.query<{ name: string; type: string; sql_type: string }>(
        `select a.attname as name, t.typname as type, format_type(a.atttypid, a.atttypmod) as sql_type
           from pg_attribute a join pg_type t on t.oid = a.atttypid
          where a.attrelid = $1::oid and a.attnum > 0 and not a.attisdropped
          order by a.attnum`,
        [rel.oid],
      );
      const { rows: keys } = await tx.query<{ name: string }>(
        `select a.attname as name
           from pg_index i
           cross join unnest(i.indkey) with ordinality k(attnum, ord)
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = $1::oid and i.indisprimary
          order by k.ord`,
        [rel.oid],
      );
      return {
        schema,
        table,
        rel: `${ident(schema)}.${ident(table)}`,
        columns: columns.map((c) => ({ name: c.name, type: c.type, sqlType: c.sql_type })),
        keys: keys.map((k) => k.name),
        rowSecurity: rel.rls,
      };
    });
  }
}
