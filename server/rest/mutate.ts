import { aggregateSql, type AggregateRow, toResultSet } from './aggregate.ts';
import type { Table } from './catalog.ts';
import { notSingular, unsupported } from './errors.ts';
import { contentType, negotiate } from './negotiate.ts';
import { readJsonBody } from './parse-headers.ts';
import { parseQuery, type QueryParts } from './parse-query.ts';
import { payloadColumns, payloadRowsSql } from './payload.ts';
import { appliedHeader, checkStrict, parsePrefer, type Preferences } from './prefer.ts';
import { projection } from './projection.ts';
import type { RestRequest } from './request.ts';
import { contentRange, respond } from './response.ts';
import {
  checkColumns,
  conditionColumns,
  conditions,
  ident,
  Params,
  qualified,
  selectColumns,
  whereSql,
} from './sql.ts';

function parseMutationQuery(req: RestRequest): QueryParts {
  const q = parseQuery(req.url.searchParams);
  if (q.order.length > 0 || q.limit !== null || q.offset !== 0) {
    throw unsupported('tri ou pagination sur une modification ou une suppression');
  }
  return q;
}

/** Runs an UPDATE or DELETE built by `mutation` and answers as PostgREST does (200 with rows, else 204). */
async function run(
  req: RestRequest,
  table: Table,
  q: QueryParts,
  prefs: Preferences,
  params: Params,
  mutation: (returning: string) => string,
  lower: number,
): Promise<Response> {
  checkStrict(prefs);
  const media = negotiate(req.headers);
  // As Postgres meets them: the WHERE of the change, then the select list of its answer.
  checkColumns(table, [...conditionColumns(conditions(q, true)), ...selectColumns(q)]);
  const representation = prefs.return === 'representation';
  const output = projection('pgrst_source', q.select, table.columns);
  const sql = aggregateSql(
    {
      with: `WITH pgrst_source AS (${mutation(representation ? `${qualified(table.name)}.*` : '1')})`,
      page: 'pgrst_source',
      projection: output.list,
      rowBytes: output.rowBytes,
      shape: representation ? (media === 'object' ? 'object' : 'array') : 'none',
      total: null,
      maxBytes: req.limits.maxResponseBytes,
    },
    params,
  );
  const result = await req.db.asRequest(
    req.identity,
    async (tx) => {
      const { rows } = await tx.query<AggregateRow>(sql, params.values);
      // Thrown inside the transaction so that the change is rolled back, as PostgREST does.
      const result = toResultSet(rows[0], req.limits.maxResponseBytes);
      if (media === 'object' && result.pageTotal !== 1) throw notSingular(result.pageTotal);
      return result;
    },
    { readOnly: false, timezone: prefs.timezone },
  );
  return respond(
    req.method,
    representation ? 200 : 204,
    {
      'Content-Range': contentRange(
        lower,
        lower === 0 ? result.pageTotal - 1 : 0,
        prefs.count ? result.pageTotal : null,
      ),
      'Preference-Applied': appliedHeader(prefs, [
        ...(req.method === 'PATCH' ? (['missing'] as const) : []),
        'return',
        'count',
        'handling',
        'timezone',
      ]),
      'Content-Type': representation ? contentType(media) : null,
    },
    representation ? result.body : null,
  );
}

/** PATCH: update the rows the filters select with the body's columns (the first object of an array). */
export async function update(req: RestRequest, table: Table): Promise<Response> {
  const q = parseMutationQuery(req);
  const body = await readJsonBody(req.raw);
  const payload = payloadColumns(table, body.value, q.columns, body.text);
  const prefs = parsePrefer(req.headers, req.timezones);
  const params = new Params();
  const source = qualified(table.name);
  const mutation = (returning: string) => {
    if (payload.columns.length === 0) {
      // Nothing to set: PostgREST reads nothing and changes nothing.
      return `SELECT ${returning === '1' ? 'NULL' : returning} FROM ${source} WHERE false`;
    }
    const where = whereSql(source, conditions(q, true), params);
    const set = payload.columns.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ');
    const rows = payloadRowsSql(table, payload, params, prefs.missing === 'default', true);
    return `UPDATE ${source} SET ${set} FROM ${rows}${where} RETURNING ${returning}`;
  };
  return run(req, table, q, prefs, params, mutation, 0);
}

/** DELETE the rows the filters select. */
export async function remove(req: RestRequest, table: Table): Promise<Response> {
  const q = parseMutationQuery(req);
  const prefs = parsePrefer(req.headers, req.timezones);
  const params = new Params();
  const source = qualified(table.name);
  const where = whereSql(source, conditions(q, true), params);
  const mutation = (returning: string) => `DELETE FROM ${source}${where} RETURNING ${returning}`;
  return run(req, table, q, prefs, params, mutation, 1);
}
