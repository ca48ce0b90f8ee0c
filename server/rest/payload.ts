import type { Table } from './catalog.ts';
import { invalidJson, unknownPayloadColumn } from './errors.ts';
import { ident, type Params } from './sql.ts';

export interface Payload {
  /** The body exactly as sent: Postgres reads it, so values keep their JSON form (big numbers, nesting). */
  text: string;
  /** The columns written, in order. */
  columns: string[];
  isArray: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The columns a write sets: the `columns` parameter when given (supabase-js sends it for arrays),
 * else the keys of the body, which must then be the same in every object, as PostgREST requires.
 */
export function payloadColumns(
  table: Table,
  value: unknown,
  columnsParam: string[] | null,
  text: string,
): Payload {
  // PostgREST reads a lone scalar as an empty array; here it is refused as the mistake it is.
  if (!Array.isArray(value) && !isObject(value)) throw invalidJson();
  const rows: unknown[] = Array.isArray(value) ? value : [value];
  let columns: string[];
  if (columnsParam) {
    if (!rows.every(isObject)) throw invalidJson();
    columns = columnsParam;
  } else {
    const first = isObject(rows[0]) ? Object.keys(rows[0]) : [];
    const same = (row: unknown) => {
      if (!isObject(row)) return false;
      const keys = Object.keys(row);
      return keys.length === first.length && keys.every((k) => first.includes(k));
    };
    if (!rows.every(same)) throw invalidJson('All object keys must match');
    columns = first;
  }
  for (const c of columns) if (!table.byName.has(c)) throw unknownPayloadColumn(table.name, c);
  return { text, columns, isArray: Array.isArray(value) };
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * PostgREST's `fromJsonBodyF`: the payload as typed rows named `pgrst_body`, one per object.
 * With `missing=default`, absent keys take the column default instead of NULL (the default
 * expressions come from the catalog, as in PostgREST).
 */
export function payloadRowsSql(
  table: Table,
  payload: Payload,
  params: Params,
  missingDefault: boolean,
  first = false,
): string {
  const json = `(SELECT ${params.add(payload.text)}::json AS json_data) pgrst_payload`;
  const uniform = first
    ? `CASE WHEN json_typeof(pgrst_payload.json_data) = 'array' THEN json_build_array(pgrst_payload.json_data->0) ELSE json_build_array(pgrst_payload.json_data) END`
    : `CASE WHEN json_typeof(pgrst_payload.json_data) = 'array' THEN pgrst_payload.json_data ELSE json_build_array(pgrst_payload.json_data) END`;
  if (payload.columns.length === 0) {
    return `${json}, LATERAL (SELECT FROM json_array_elements(${uniform}) _) pgrst_body`;
  }
  const cols = payload.columns.map(ident).join(', ');
  const typed = payload.columns.map((c) => `${ident(c)} ${table.byName.get(c)!.type}`).join(', ');
  const defaults = missingDefault
    ? payload.columns.flatMap((c) => {
        const def = table.byName.get(c)!.default;
        return def === null ? [] : [`${literal(c)}, ${def}`];
      })
    : [];
  if (defaults.length === 0) {
    return `${json}, LATERAL (SELECT ${cols} FROM json_to_recordset(${uniform}) AS _(${typed})) pgrst_body`;
  }
  return (
    `${json}, LATERAL (SELECT jsonb_agg(jsonb_build_object(${defaults.join(', ')}) || elem) AS val ` +
    `FROM jsonb_array_elements((${uniform})::jsonb) elem) pgrst_json_defs, ` +
    `LATERAL (SELECT ${cols} FROM jsonb_to_recordset(pgrst_json_defs.val) AS _(${typed})) pgrst_body`
  );
}
