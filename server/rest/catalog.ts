import type { Database } from '../db/database.ts';

export interface Column {
  name: string;
  /** The type as `format_type` prints it, used to read JSON payloads into typed records. */
  type: string;
  /** The default expression as Postgres prints it, for `Prefer: missing=default`. */
  default: string | null;
}

export interface Table {
  name: string;
  columns: Column[];
  byName: Map<string, Column>;
  primaryKey: string[];
}

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
}

/** How a function's result becomes a body, as PostgREST classifies it. */
export type ReturnShape = 'void' | 'scalar' | 'setof-scalar' | 'composite' | 'setof-composite';

export interface Routine {
  name: string;
  params: RoutineParam[];
  returns: ReturnShape;
  /** The result's columns when it returns rows (OUT/TABLE parameters or a table type). */
  columns: { name: string; type: string }[] | null;
  /** The return type's name, which PostgREST names in its errors about result columns. */
  resultType: string;
  volatile: boolean;
}

export interface Catalog {
  tables: Map<string, Table>;
  routines: Map<string, Routine[]>;
}

// The whole `public` schema in one JSON value, so both database drivers hand it back alike.
const CATALOG_SQL = `
select json_build_object(
  'tables', coalesce((
    select json_agg(json_build_object(
      'name', c.relname,
      'columns', (
        select coalesce(json_agg(json_build_object(
          'name', a.attname,
          'type', format_type(a.atttypid, a.atttypmod),
          'default', pg_get_expr(d.adbin, d.adrelid)
        ) order by a.attnum), '[]')
        from pg_attribute a
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      ),
      'primaryKey', (
        select coalesce(json_agg(a.attname order by k.ord), '[]')
        from pg_index i
        cross join unnest(i.indkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid = c.oid and i.indisprimary
      )
    ))
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p')
  ), '[]'),
  'routines', coalesce((
    select json_agg(json_build_object(
      'name', p.proname,
      'argNames', coalesce(to_json(p.proargnames), '[]'),
      'argModes', coalesce(to_json(p.proargmodes::text[]), '[]'),
      'argTypes', (
        select coalesce(json_agg(format_type(t.oid, null) order by u.ord), '[]')
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as u(oid, ord)
        join pg_type t on t.oid = u.oid
      ),
      'defaults', p.pronargdefaults,
      'retset', p.proretset,
      'retType', rt.typname,
      'retKind', rt.typtype,
      'volatile', p.provolatile = 'v'
    ))
    from pg_proc p
    join pg_type rt on rt.oid = p.prorettype
    where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
  ), '[]')
)::text as catalog`;

interface RawRoutine {
  name: string;
  argNames: string[];
  argModes: string[];
  argTypes: string[];
  defaults: number;
  retset: boolean;
  retType: string;
  retKind: string;
  volatile: boolean;
}

function toRoutine(raw: RawRoutine, tables: Map<string, Table>): Routine {
  const modes = raw.argModes.length > 0 ? raw.argModes : raw.argTypes.map(() => 'i');
  const inputs = raw.argTypes
    .map((type, i) => ({ type, name: raw.argNames[i] ?? '', mode: modes[i] ?? 'i' }))
    .filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
  const outColumns = raw.argTypes
    .map((type, i) => ({ type, name: raw.argNames[i] ?? '', mode: modes[i] }))
    .filter((arg) => arg.mode === 'o' || arg.mode === 'b' || arg.mode === 't')
    .map(({ name, type }) => ({ name, type }));
  const hasOutColumns = outColumns.length > 0;
  const composite = raw.retKind === 'c' || (raw.retType === 'record' && hasOutColumns);
  let returns: ReturnShape;
  if (raw.retType === 'void') returns = 'void';
  else if (composite) returns = raw.retset ? 'setof-composite' : 'composite';
  else returns = raw.retset ? 'setof-scalar' : 'scalar';
  return {
    name: raw.name,
    params: inputs.map((arg, i) => ({
      name: arg.name,
      type: arg.type,
      hasDefault: i >= inputs.length - raw.defaults,
    })),
    returns,
    columns: !composite
      ? null
      : hasOutColumns
        ? outColumns
        : (tables.get(raw.retType)?.columns.map(({ name, type }) => ({ name, type })) ?? null),
    resultType: raw.retType,
    volatile: raw.volatile,
  };
}

async function loadCatalog(db: Database): Promise<Catalog> {
  const { rows } = await db.transaction((tx) => tx.query<{ catalog: string }>(CATALOG_SQL));
  const raw = JSON.parse(rows[0]!.catalog) as {
    tables: { name: string; columns: Column[]; primaryKey: string[] }[];
    routines: RawRoutine[];
  };
  const tables = new Map<string, Table>();
  for (const t of raw.tables) {
    tables.set(t.name, { ...t, byName: new Map(t.columns.map((c) => [c.name, c])) });
  }
  const routines = new Map<string, Routine[]>();
  for (const r of raw.routines) {
    const list = routines.get(r.name) ?? [];
    list.push(toRoutine(r, tables));
    routines.set(r.name, list);
  }
  return { tables, routines };
}

// One catalog per database, read on first use. The schema changes only with a migration: this
// process migrates before it listens, and on PostgreSQL, where another process may migrate, the
// server forgets the catalog when told to on the `pgrst` channel, as PostgREST does.
const cache = new WeakMap<Database, Promise<Catalog>>();

/** The next request reads the catalog again (after a migration run elsewhere). */
export function forgetCatalog(db: Database): void {
  cache.delete(db);
}

export function getCatalog(db: Database): Promise<Catalog> {
  let catalog = cache.get(db);
  if (!catalog) {
    catalog = loadCatalog(db);
    cache.set(db, catalog);
    catalog.catch(() => cache.delete(db));
  }
  return catalog;
}
