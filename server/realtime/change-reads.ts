import { isPgError, type Database, type RequestIdentity } from '../db/database.ts';
import { ident } from '../rest/sql.ts';
import type { TableCatalog, TableInfo } from './catalog.ts';
import type { ChangeBinding } from './changes.ts';
import { SQL_OPERATORS, type ChangeFilter } from './filters.ts';

// The reads behind postgres changes: filters evaluated by Postgres, a row read under a
// subscriber's claims, a deleted row's visibility, and a binding checked at join.

/** The row's filters evaluated by Postgres in the columns' types (a DELETE: on its keys only). */
export async function filterResults(
  db: Database,
  info: TableInfo,
  change: {
    type: string;
    keys?: Record<string, unknown> | null;
    old_keys?: Record<string, unknown> | null;
  },
  filters: ChangeFilter[],
): Promise<{ matches: (boolean | null)[] } | undefined> {
  const params: unknown[] = [];
  const exprs = filters.map((f) => filterSql(info, f, params));
  // As JSON text: the drivers hand arrays back differently.
  const list = `array_to_json(${exprs.length > 0 ? `array[${exprs.join(', ')}]` : 'array[]::boolean[]'})::text`;
  params.push(JSON.stringify(change.type === 'DELETE' ? change.old_keys : change.keys));
  const keysParam = `$${params.length}::jsonb`;
  const sql =
    change.type === 'DELETE'
      ? `select ${list} as matches from jsonb_populate_record(null::${info.rel}, ${keysParam}) t`
      : `select ${list} as matches from ${info.rel} t, jsonb_populate_record(null::${info.rel}, ${keysParam}) k where ${keyMatch(info)}`;
  const { rows } = await db.transaction((tx) => tx.query<{ matches: string }>(sql, params));
  return rows[0] && { matches: JSON.parse(rows[0].matches) as (boolean | null)[] };
}

/** The row as `identity` may read it, or null when RLS or a grant hides it. */
export async function readRowAs(
  db: Database,
  info: TableInfo,
  identity: RequestIdentity,
  keys: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  try {
    const { rows } = await db.asRequest(identity, (tx) =>
      tx.query<{ record: string | Record<string, unknown> }>(
        `select to_jsonb(t)::text as record from ${info.rel} t,
                jsonb_populate_record(null::${info.rel}, $1::jsonb) k where ${keyMatch(info)}`,
        [JSON.stringify(keys)],
      ),
    );
    const record = rows[0]?.record;
    if (record === undefined) return null;
    return typeof record === 'string' ? (JSON.parse(record) as Record<string, unknown>) : record;
  } catch (error) {
    // 42501 (no SELECT privilege), or any error of a policy: the row is not this group's to see.
    if (isPgError(error)) return null;
    throw error;
  }
}

/**
 * Whether a deleted row could have been read: the role holds SELECT on the table, and the
 * table's SELECT policies for that role pass on the row's keys (its other columns are gone, so
 * a policy that needs them does not pass). Stricter than hosted Supabase, which sends every
 * DELETE to every subscriber of the table.
 */
export async function deleteVisibleTo(
  db: Database,
  info: TableInfo,
  identity: RequestIdentity,
  keys: Record<string, unknown>,
): Promise<boolean> {
  try {
    return await db.asRequest(identity, async (tx) => {
      const { rows: privilege } = await tx.query<{ ok: boolean }>(
        `select has_table_privilege($1, 'select') as ok`,
        [info.rel],
      );
      if (!privilege[0]?.ok) return false;
      if (!info.rowSecurity || identity.role === 'service_role') return true;
      const { rows: policies } = await tx.query<{ permissive: boolean; qual: string | null }>(
        `select p.polpermissive as permissive, pg_get_expr(p.polqual, p.polrelid) as qual
           from pg_policy p
          where p.polrelid = $1::regclass and p.polcmd in ('r', '*')
            and (0::oid = any(p.polroles)
                 or exists (select 1 from pg_roles r where r.oid = any(p.polroles) and r.rolname = $2))`,
        [info.rel, identity.role],
      );
      const permissive = policies.filter((p) => p.permissive).map((p) => `(${p.qual ?? 'true'})`);
      if (permissive.length === 0) return false;
      const restrictive = policies.filter((p) => !p.permissive).map((p) => `(${p.qual ?? 'true'})`);
      const condition = [`(${permissive.join(' or ')})`, ...restrictive].join(' and ');
      const { rows } = await tx.query<{ ok: boolean }>(
        `select exists (select 1 from jsonb_populate_record(null::${info.rel}, $1::jsonb) as ${ident(info.table)}
                         where ${condition}) as ok`,
        [JSON.stringify(keys)],
      );
      return rows[0]?.ok === true;
    });
  } catch {
    return false;
  }
}

function keyMatch(info: TableInfo): string {
  return info.keys.map((k) => `t.${ident(k)} = k.${ident(k)}`).join(' and ') || 'false';
}

/** One filter as SQL on `t`, its value a parameter cast to the column's type. */
function filterSql(info: TableInfo, filter: ChangeFilter, params: unknown[]): string {
  const column = info.columns.find((c) => c.name === filter.column);
  if (!column) return 'false';
  if (filter.op === 'in') {
    params.push(JSON.stringify(filter.value));
    return `t.${ident(column.name)} = any(array(select cast(v as ${column.sqlType}) from jsonb_array_elements_text($${params.length}::jsonb) v))`;
  }
  params.push(filter.value);
  return `t.${ident(column.name)} ${SQL_OPERATORS[filter.op]} cast($${params.length}::text as ${column.sqlType})`;
}

/** Checks a binding against the catalog at join: the reason it is refused, or undefined. */
export async function checkBinding(
  db: Database,
  catalog: TableCatalog,
  binding: ChangeBinding,
): Promise<string | undefined> {
  if (binding.table === undefined || binding.table === '*') {
    return binding.filter ? 'A filter needs a table' : undefined;
  }
  if (binding.schema === '*') return undefined;
  const info = await catalog.get(binding.schema, binding.table);
  if (!info) return `Table ${binding.schema}.${binding.table} does not exist`;
  if (!binding.filter) return undefined;
  const column = info.columns.find((c) => c.name === binding.filter!.column);
  if (!column) return `Invalid column for filter ${binding.filter.column}`;
  const values = Array.isArray(binding.filter.value)
    ? binding.filter.value
    : [binding.filter.value];
  try {
    await db.transaction((tx) =>
      tx.query(`select cast(v as ${column.sqlType}) from jsonb_array_elements_text($1::jsonb) v`, [
        JSON.stringify(values),
      ]),
    );
  } catch {
    return `Invalid value for filter on ${column.name} (${column.sqlType})`;
  }
  return undefined;
}
