import { ranReadOnly } from '../content-version.ts';
import { aggregateSql, type AggregateRow, type BodyShape, toResultSet } from './aggregate.ts';
import type { Routine } from './catalog.ts';
import { notSingular, RestError, unsupported } from './errors.ts';
import { contentType, negotiate } from './negotiate.ts';
import { parseQuery, type QueryParts } from './parse-query.ts';
import { appliedHeader, checkStrict, parsePrefer } from './prefer.ts';
import { projection } from './projection.ts';
import type { RestRequest } from './request.ts';
import { contentRange, rangeStatus, respond } from './response.ts';
import { callSql, pickRoutine, readArgs } from './rpc-call.ts';
import {
  conditionColumns,
  conditions,
  limitSql,
  orderColumns,
  orderSql,
  Params,
  selectColumns,
  whereSql,
} from './sql.ts';
import { sizeEstimate } from './types.ts';

const missing = (relation: string, column: string) =>
  new RestError(400, '42703', `column ${relation}.${column} does not exist`);

/**
 * The result columns a call keeps (PostgREST's sorted, deduplicated `returnings`), after checking
 * every column the request names as Postgres would meet it behind PostgREST: the select list
 * inside the call, then WHERE and ORDER BY, which only see the columns kept.
 */
function resultColumns(routine: Routine, q: QueryParts): string[] | null {
  const selected = selectColumns(q);
  const named = [...conditionColumns(conditions(q)), ...orderColumns(q)];
  if (routine.returns !== 'composite' && routine.returns !== 'setof-composite') {
    // A scalar result has one column, which PostgREST calls `pgrst_scalar` internally.
    for (const c of [...selected, ...named]) {
      if (c === 'pgrst_scalar') throw unsupported(`la colonne interne ${c}`);
      throw missing(routine.name, c);
    }
    return null;
  }
  const returning =
    q.select === null || selected.includes('*') ? null : [...new Set(selected)].sort();
  if (!routine.columns) return returning;
  const known = routine.columns.map((c) => c.name);
  for (const c of returning ?? []) if (!known.includes(c)) throw missing('pgrst_call', c);
  const kept = returning ?? known;
  for (const c of named) if (!kept.includes(c)) throw missing(routine.resultType, c);
  return returning;
}

function bodyShape(routine: Routine, method: string, object: boolean): BodyShape {
  if (routine.returns === 'void' || method === 'HEAD') return 'none';
  const single = object || routine.returns === 'composite' || routine.returns === 'scalar';
  if (routine.returns === 'scalar' || routine.returns === 'setof-scalar') {
    return single ? 'scalar-object' : 'scalar-array';
  }
  return single ? 'object' : 'array';
}

/** POST, GET or HEAD on /rpc/:fn. */
export async function callRoutine(req: RestRequest, name: string): Promise<Response> {
  if (!['GET', 'HEAD', 'POST'].includes(req.method))
    throw unsupported(`méthode ${req.method} sur /rpc`);
  const overloads = req.catalog.routines.get(name) ?? [];
  // GET passes arguments in the query string; POST in its body, read after the query string, as
  // PostgREST reports a malformed parameter before a malformed body.
  const queryArgs = req.method === 'POST' ? null : await readArgs(req, overloads);
  const q = parseQuery(req.url.searchParams, {
    rangeHeader: req.method === 'GET' ? req.headers.get('range') : null,
    argNames: new Set(queryArgs?.keys ?? []),
    maxRows: req.limits.maxRows,
  });
  const args = queryArgs ?? (await readArgs(req, overloads));
  const routine = pickRoutine(name, overloads, args.keys);
  const media = negotiate(req.headers);
  const prefs = parsePrefer(req.headers, req.timezones);
  if (prefs.singleObject) throw unsupported('Prefer: params=single-object');
  checkStrict(prefs);
  const returning = resultColumns(routine, q);

  const params = new Params();
  const where = whereSql('pgrst_source', conditions(q), params);
  const scalar = routine.returns === 'scalar' || routine.returns === 'setof-scalar';
  const output = scalar
    ? {
        list: 'pgrst_page.pgrst_scalar',
        rowBytes: `3 + ${sizeEstimate('pgrst_page.pgrst_scalar', routine.resultType)}`,
        pageItems: [],
      }
    : projection('pgrst_page', q.select, routine.columns, 'pgrst_source');
  const call = callSql(routine, args.keys, args.text, params, returning);
  const page =
    `SELECT ${['pgrst_source.*', ...output.pageItems].join(', ')} FROM pgrst_source${where}` +
    orderSql('pgrst_source', q.order) +
    limitSql(q.limit, q.offset, params);
  const count = prefs.count ? `, pgrst_source_count AS (SELECT 1 FROM pgrst_source${where})` : '';
  const sql = aggregateSql(
    {
      with: `WITH pgrst_source AS (${call})${count}, pgrst_page AS MATERIALIZED (${page})`,
      page: 'pgrst_page',
      projection: output.list,
      rowBytes: output.rowBytes,
      shape: bodyShape(routine, req.method, media === 'object'),
      total: prefs.count ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : null,
      maxBytes: req.limits.maxResponseBytes,
      rowLimit: q.limit,
    },
    params,
  );

  const readOnly = req.method !== 'POST' || !routine.volatile;
  const result = await req.db.asRequest(
    req.identity,
    async (tx) => {
      if (readOnly) ranReadOnly(req.raw);
      const { rows } = await tx.query<AggregateRow>(sql, params.values);
      const result = toResultSet(rows[0], req.limits.maxResponseBytes);
      if (media === 'object' && result.pageTotal !== 1) throw notSingular(result.pageTotal);
      return result;
    },
    { readOnly, timezone: prefs.timezone },
  );
  const range = contentRange(q.offset, q.offset + result.pageTotal - 1, result.total);
  const status = routine.returns === 'void' ? 204 : rangeStatus(q.offset, result);
  return respond(
    req.method,
    status,
    {
      'Content-Range': range,
      'Preference-Applied': appliedHeader(prefs, ['count', 'handling', 'timezone']),
      'Content-Type': routine.returns === 'void' ? null : contentType(media),
    },
    result.body,
  );
}
