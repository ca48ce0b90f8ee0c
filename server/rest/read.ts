import type { Table } from './catalog.ts';
import { notSingular } from './errors.ts';
import { negotiate, parsePrefer } from './parse-headers.ts';
import { parseQuery } from './parse-query.ts';
import { readOnly, type RestRequest } from './request.ts';
import {
  contentLocation,
  contentRange,
  contentType,
  rangeStatus,
  respond,
  toResultSet,
} from './response.ts';
import {
  bodySql,
  checkReadColumns,
  limitSql,
  orderSql,
  Params,
  qualified,
  selectList,
  whereSql,
} from './sql.ts';

/** GET and HEAD on a table, with PostgREST's query shape so that the JSON is built the same way. */
export async function readTable(req: RestRequest, table: Table): Promise<Response> {
  const media = negotiate(req.headers);
  const prefs = parsePrefer(req.headers);
  const q = parseQuery(req.url.searchParams, req.headers.get('range'));
  checkReadColumns(table, q.select, q.filters, q.order);

  const params = new Params();
  const source = qualified(table.name);
  const where = whereSql(source, q.filters, params);
  const select =
    `SELECT ${selectList(source, q.select)} FROM ${source}${where}` +
    `${orderSql(source, q.order)}${limitSql(q.limit, q.offset, params)}`;
  const countCte = prefs.count ? `, pgrst_source_count AS (SELECT 1 FROM ${source}${where})` : '';
  const total = prefs.count
    ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)'
    : 'null::bigint';
  const sql =
    `WITH pgrst_source AS ( ${select} )${countCte} ` +
    `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
    `${bodySql(media === 'object')} AS body FROM ( SELECT * FROM pgrst_source ) _postgrest_t`;

  const result = await req.db.asRequest(req.identity, async (tx) => {
    await readOnly(tx);
    const { rows } = await tx.query<{
      total_result_set: unknown;
      page_total: unknown;
      body: unknown;
    }>(sql, params.values);
    return toResultSet(rows[0]);
  });
  if (media === 'object' && result.pageTotal !== 1) throw notSingular(result.pageTotal);

  const headers: Record<string, string> = {
    'Content-Location': contentLocation(`/${table.name}`, req.url.searchParams),
  };
  if (prefs.count) headers['Preference-Applied'] = 'count=exact';
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
