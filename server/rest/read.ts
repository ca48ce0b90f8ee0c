import { aggregateSql, type AggregateRow, toResultSet } from './aggregate.ts';
import type { Table } from './catalog.ts';
import { notSingular } from './errors.ts';
import { contentType, negotiate } from './negotiate.ts';
import { parseQuery } from './parse-query.ts';
import { appliedHeader, checkStrict, parsePrefer } from './prefer.ts';
import { neededColumns, projection } from './projection.ts';
import type { RestRequest } from './request.ts';
import { contentLocation, contentRange, rangeStatus, respond } from './response.ts';
import {
  checkColumns,
  conditionColumns,
  conditions,
  limitSql,
  orderColumns,
  orderSql,
  Params,
  qualified,
  selectColumns,
  whereSql,
} from './sql.ts';

/** GET and HEAD on a table, with PostgREST's query shape so that the JSON is built the same way. */
export async function readTable(req: RestRequest, table: Table): Promise<Response> {
  const q = parseQuery(req.url.searchParams, {
    rangeHeader: req.method === 'GET' ? req.headers.get('range') : null,
    maxRows: req.limits.maxRows,
  });
  const media = negotiate(req.headers);
  const prefs = parsePrefer(req.headers, req.timezones);
  checkStrict(prefs);
  const where = conditions(q);
  // The order in which Postgres would meet them: select list, WHERE, ORDER BY.
  checkColumns(table, [...selectColumns(q), ...conditionColumns(where), ...orderColumns(q)]);

  const params = new Params();
  const source = qualified(table.name);
  const filtered = whereSql(source, where, params);
  const output = projection('pgrst_source', q.select, table.columns, source);
  const columns = [neededColumns(source, q.select), ...output.pageItems].join(', ');
  const page =
    `SELECT ${columns} FROM ${source}${filtered}` +
    `${orderSql(source, q.order)}${limitSql(q.limit, q.offset, params)}`;
  const count = prefs.count ? `, pgrst_source_count AS (SELECT 1 FROM ${source}${filtered})` : '';
  const sql = aggregateSql(
    {
      with: `WITH pgrst_source AS MATERIALIZED (${page})${count}`,
      page: 'pgrst_source',
      projection: output.list,
      rowBytes: output.rowBytes,
      shape: req.method === 'HEAD' ? 'none' : media === 'object' ? 'object' : 'array',
      total: prefs.count ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : null,
      maxBytes: req.limits.maxResponseBytes,
      rowLimit: q.limit,
    },
    params,
  );

  const result = await req.db.asRequest(
    req.identity,
    async (tx) => {
      const { rows } = await tx.query<AggregateRow>(sql, params.values);
      return toResultSet(rows[0], req.limits.maxResponseBytes);
    },
    { readOnly: true, timezone: prefs.timezone },
  );
  if (media === 'object' && result.pageTotal !== 1) throw notSingular(result.pageTotal);

  const headers: Record<string, string> = {
    'Content-Location': contentLocation(`/${table.name}`, req.url.searchParams),
  };
  const applied = appliedHeader(prefs, ['count', 'handling', 'timezone']);
  if (applied) headers['Preference-Applied'] = applied;
  const status = rangeStatus(q.offset, result, headers);
  return respond(
    req.method,
    status,
    {
      'Content-Range': contentRange(q.offset, q.offset + result.pageTotal - 1, result.total),
      ...headers,
      'Content-Type': contentType(media),
    },
    result.body,
  );
}
