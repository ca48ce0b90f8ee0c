import type { Table } from './catalog.ts';
import { notSingular, unsupported } from './errors.ts';
import { negotiate, parsePrefer, readJsonBody } from './parse-headers.ts';
import { parseQuery, type QueryParts } from './parse-query.ts';
import { payloadColumns, payloadRowsSql } from './payload.ts';
import type { RestRequest } from './request.ts';
import { contentRange, contentType, respond, toResultSet } from './response.ts';
import {
  bodySql,
  checkReadColumns,
  ident,
  Params,
  qualified,
  selectList,
  whereSql,
} from './sql.ts';

function parseMutationQuery(req: RestRequest, table: Table): QueryParts {
  const q = parseQuery(req.url.searchParams, null);
  if (q.order.length > 0 || q.limit !== null || q.offset !== 0) {
    throw unsupported('tri ou pagination sur une modification ou une suppression');
  }
  checkReadColumns(table, q.select, q.filters, []);
  return q;
}

/** Runs an UPDATE or DELETE built by `mutation` and answers as PostgREST does (200 with rows, else 204). */
async function run(
  req: RestRequest,
  table: Table,
  q: QueryParts,
  params: Params,
  mutation: (returning: string) => string,
  lower: number,
): Promise<Response> {
  const media = negotiate(req.headers);
  const prefs = parsePrefer(req.headers);
  const representation = prefs.return === 'representation';
  const source = qualified(table.name);
  const outer = representation
    ? `SELECT ${selectList('pgrst_source', q.select)} FROM pgrst_source`
    : 'SELECT * FROM pgrst_source';
  const sql =
    `WITH pgrst_source AS (${mutation(representation ? `${source}.*` : '1')}) ` +
    `SELECT pg_catalog.count(_postgrest_t) AS page_total, ${representation ? bodySql(media === 'object') : "''"} AS body ` +
    `FROM (${outer}) _postgrest_t`;
  const result = await req.db.asRequest(req.identity, async (tx) => {
    const { rows } = await tx.query<{ page_total: unknown; body: unknown }>(sql, params.values);
    const result = toResultSet(rows[0]);
    // Thrown inside the transaction so that the change is rolled back, as PostgREST does.
    if (media === 'object' && result.pageTotal !== 1) throw notSingular(result.pageTotal);
    return result;
  });
  return respond(
    req.method,
    representation ? 200 : 204,
    {
      'Content-Range': contentRange(
        lower,
        lower === 0 ? result.pageTotal - 1 : 0,
        prefs.count ? result.pageTotal : null,
      ),
      'Preference-Applied': prefs.applied,
      'Content-Type': representation ? contentType(media) : null,
    },
    representation ? result.body : null,
  );
}

/** PATCH: update the rows the filters select with the body's columns. */
export async function update(req: RestRequest, table: Table): Promise<Response> {
  const q = parseMutationQuery(req, table);
  const prefs = parsePrefer(req.headers);
  const body = await readJsonBody(req.raw);
  const first = Array.isArray(body.value) ? body.value.slice(0, 1) : body.value;
  const payload = payloadColumns(table, first, q.columns, body.text);
  const params = new Params();
  const source = qualified(table.name);
  const mutation = (returning: string) => {
    if (payload.columns.length === 0) {
      // Nothing to set: PostgREST reads nothing and changes nothing.
      return `SELECT ${returning === '1' ? 'NULL' : returning} FROM ${source} WHERE false`;
    }
    const where = whereSql(source, q.filters, params);
    const set = payload.columns.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ');
    return (
      `UPDATE ${source} SET ${set} FROM ${payloadRowsSql(table, payload, params, prefs.missingDefault, true)}` +
      `${where} RETURNING ${returning}`
    );
  };
  return run(req, table, q, params, mutation, 0);
}

/** DELETE the rows the filters select. */
export async function remove(req: RestRequest, table: Table): Promise<Response> {
  const q = parseMutationQuery(req, table);
  const params = new Params();
  const source = qualified(table.name);
  const where = whereSql(source, q.filters, params);
  return run(
    req,
    table,
    q,
    params,
    (returning) => `DELETE FROM ${source}${where} RETURNING ${returning}`,
    1,
  );
}
