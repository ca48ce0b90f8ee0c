import { ranReadOnly } from '../content-version.ts';
import type { Routine } from './catalog.ts';
import { invalidJson, notSingular, RestError, unknownColumn, unsupported } from './errors.ts';
import { negotiate, parsePrefer, readJsonBody } from './parse-headers.ts';
import { parseQuery, type QueryParts } from './parse-query.ts';
import { readOnly, type RestRequest } from './request.ts';
import { contentRange, contentType, rangeStatus, respond, toResultSet } from './response.ts';
import {
  bodySql,
  ident,
  limitSql,
  orderSql,
  Params,
  qualified,
  selectList,
  whereSql,
} from './sql.ts';

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

function notFound(name: string, keys: string[], overloads: Routine[]): RestError {
  const sorted = [...keys].sort();
  const fn = `public.${name}`;
  const message = sorted.length === 0 ? `${fn} without parameters` : `${fn}(${sorted.join(', ')})`;
  const searched =
    sorted.length === 0 ? 'without parameters' : `with parameters ${sorted.join(', ')}`;
  const candidate = overloads[0];
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${message} in the schema cache`,
    `Searched for the function ${fn} ${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    candidate && sorted.length > 0
      ? `Perhaps you meant to call the function ${fn}(${candidate.params.map((p) => p.name).join(', ')})`
      : null,
  );
}

/** The overload whose named parameters cover the keys given, and whose required ones are all given. */
function pickRoutine(name: string, overloads: Routine[], keys: string[]): Routine {
  const found = overloads.find((r) => {
    const names = new Set(r.params.map((p) => p.name));
    return (
      keys.every((k) => names.has(k)) &&
      r.params.every((p) => p.hasDefault || keys.includes(p.name))
    );
  });
  if (!found) throw notFound(name, keys, overloads);
  return found;
}

/** The arguments: the JSON body for POST, the query parameters named like parameters for GET. */
async function readArgs(
  req: RestRequest,
  overloads: Routine[],
): Promise<{ text: string; keys: string[] }> {
  if (req.method === 'POST') {
    const body = await readJsonBody(req.raw, '{}');
    const value = Array.isArray(body.value) ? (body.value[0] ?? {}) : body.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidJson();
    return { text: body.text, keys: Object.keys(value) };
  }
  const names = new Set(overloads.flatMap((r) => r.params.map((p) => p.name)));
  const args: Record<string, string> = {};
  for (const [key, value] of req.url.searchParams)
    if (names.has(key) && !RESERVED.has(key)) args[key] = value;
  return { text: JSON.stringify(args), keys: Object.keys(args) };
}

function callSql(routine: Routine, keys: string[], argsText: string, params: Params): string {
  const fn = qualified(routine.name);
  const args = routine.params.filter((p) => keys.includes(p.name));
  const scalar = routine.returns !== 'composite' && routine.returns !== 'setof-composite';
  const argList = args.map((p) => `${ident(p.name)} := pgrst_body.${ident(p.name)}`).join(', ');
  const call = scalar
    ? `(SELECT ${fn}(${argList}) pgrst_scalar) pgrst_call`
    : `${fn}(${argList}) pgrst_call`;
  const select = scalar ? 'pgrst_call.pgrst_scalar' : 'pgrst_call.*';
  if (args.length === 0) return `SELECT ${select} FROM ${call}`;
  const typed = args.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
  return (
    `SELECT ${select} FROM (SELECT ${params.add(argsText)}::json AS json_data) pgrst_payload, ` +
    `LATERAL (SELECT ${args.map((p) => ident(p.name)).join(', ')} FROM json_to_record(` +
    `CASE WHEN json_typeof(pgrst_payload.json_data) = 'array' THEN pgrst_payload.json_data->0 ELSE pgrst_payload.json_data END` +
    `) AS _(${typed})) pgrst_body, LATERAL ${call}`
  );
}

/** Filters, order and columns apply to functions returning rows; on a scalar result they are refused. */
function checkResultColumns(routine: Routine, q: QueryParts): void {
  const rows = routine.returns === 'composite' || routine.returns === 'setof-composite';
  const named = [
    ...(q.select ?? []),
    ...q.filters.map((f) => f.column),
    ...q.order.map((o) => o.column),
  ];
  if (!rows) {
    if (named.length > 0 || q.limit !== null || q.offset !== 0) {
      throw unsupported(
        `filtres, colonnes, tri ou pagination sur le résultat scalaire de ${routine.name}`,
      );
    }
    return;
  }
  for (const c of named) {
    if (c !== '*' && routine.columns && !routine.columns.includes(c))
      throw unknownColumn(routine.resultType, c);
  }
}

/** POST, GET or HEAD on /rpc/:fn. */
export async function callRoutine(req: RestRequest, name: string): Promise<Response> {
  if (!['GET', 'HEAD', 'POST'].includes(req.method))
    throw unsupported(`méthode ${req.method} sur /rpc`);
  const media = negotiate(req.headers);
  const prefs = parsePrefer(req.headers);
  const overloads = req.catalog.routines.get(name) ?? [];
  const args = await readArgs(req, overloads);
  const routine = pickRoutine(name, overloads, args.keys);
  const q = parseQuery(req.url.searchParams, req.headers.get('range'), new Set(args.keys));
  checkResultColumns(routine, q);

  const params = new Params();
  const call = callSql(routine, args.keys, args.text, params);
  const where = whereSql('pgrst_source', q.filters, params);
  const single =
    media === 'object' || routine.returns === 'composite' || routine.returns === 'scalar';
  const scalar = routine.returns === 'scalar' || routine.returns === 'setof-scalar';
  const body = routine.returns === 'void' ? "''" : bodySql(single, scalar);
  const columns = scalar ? 'pgrst_source.pgrst_scalar' : selectList('pgrst_source', q.select);
  const countCte = prefs.count
    ? `, pgrst_source_count AS (SELECT 1 FROM pgrst_source${where})`
    : '';
  const total = prefs.count
    ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)'
    : 'null::bigint';
  const sql =
    `WITH pgrst_source AS (${call})${countCte} SELECT ${total} AS total_result_set, ` +
    `pg_catalog.count(_postgrest_t) AS page_total, ${body} AS body FROM (SELECT ${columns} FROM pgrst_source` +
    `${where}${orderSql('pgrst_source', q.order)}${limitSql(q.limit, q.offset, params)}) _postgrest_t`;

  const result = await req.db.asRequest(req.identity, async (tx) => {
    if (req.method !== 'POST' || !routine.volatile) {
      await readOnly(tx);
      ranReadOnly(req.raw);
    }
    const { rows } = await tx.query<{
      total_result_set: unknown;
      page_total: unknown;
      body: unknown;
    }>(sql, params.values);
    const result = toResultSet(rows[0]);
    if (media === 'object' && result.pageTotal !== 1) throw notSingular(result.pageTotal);
    return result;
  });
  const range = contentRange(q.offset, q.offset + result.pageTotal - 1, result.total);
  const status = routine.returns === 'void' ? 204 : rangeStatus(q.offset, result);
  return respond(
    req.method,
    status,
    {
      'Content-Range': range,
      'Preference-Applied': prefs.count ? 'count=exact' : null,
      'Content-Type': routine.returns === 'void' ? null : contentType(media),
    },
    result.body,
  );
}
