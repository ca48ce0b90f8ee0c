/**
 * The statement that turns a page of rows into PostgREST's response in one round trip: count,
 * total, and the JSON body, which Postgres builds only once the page's estimated size is known to
 * be under the cap. The body is a scalar subquery in a CASE branch: Postgres runs such a subquery
 * (an InitPlan) only when the branch is taken, so an oversized body is never built anywhere.
 */
import { responseTooLarge } from './limits.ts';
import type { Params } from './sql.ts';

export type BodyShape = 'array' | 'object' | 'scalar-array' | 'scalar-object' | 'none';

/** PostgREST's `asJsonF` / `asJsonSingleF`, so that bodies match it byte for byte. */
function bodyExpr(shape: BodyShape): string {
  switch (shape) {
    case 'array':
      return "coalesce(json_agg(_postgrest_t), '[]')::text";
    case 'object':
      return "coalesce((json_agg(_postgrest_t)->0)::text, 'null')";
    case 'scalar-array':
      return "coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]')::text";
    case 'scalar-object':
      return "coalesce((json_agg(_postgrest_t.pgrst_scalar)->0)::text, 'null')";
    case 'none':
      return "''";
  }
}

export interface AggregateParts {
  /** `WITH ...` defining the CTE `page` (and any other), without the final SELECT. */
  with: string;
  /** The CTE holding the rows of the response. */
  page: string;
  /** The select list over `page`. */
  projection: string;
  /** SQL over `page` estimating one row's JSON size. */
  rowBytes: string;
  shape: BodyShape;
  /** SQL for the total (`Prefer: count=exact`), or null. */
  total: string | null;
  /** The cap on the body's estimated size, or null for none. */
  maxBytes: number | null;
  /** The most rows the page can hold, when known. */
  rowLimit?: number | null;
}

/** Whether the cap can be reached at all: not when rows have a fixed size and are few enough. */
function mayExceed(parts: AggregateParts): boolean {
  if (parts.maxBytes === null) return false;
  if (!/^\d+$/.test(parts.rowBytes) || parts.rowLimit == null) return true;
  return Number(parts.rowBytes) * parts.rowLimit + 2 > parts.maxBytes;
}

function bodySubquery(parts: AggregateParts): string {
  return `(SELECT ${bodyExpr(parts.shape)} FROM (SELECT ${parts.projection} FROM ${parts.page}) _postgrest_t)`;
}

export function aggregateSql(parts: AggregateParts, params: Params): string {
  const total = parts.total ?? 'null::bigint';
  if (parts.shape === 'none' || !mayExceed(parts)) {
    const body = parts.shape === 'none' ? "''" : bodySubquery(parts);
    return (
      `${parts.with} SELECT ${total} AS total_result_set, pg_catalog.count(*) AS page_total, ` +
      `0 AS body_bytes, ${body} AS body FROM ${parts.page}`
    );
  }
  const body = bodySubquery(parts);
  return (
    `${parts.with} SELECT ${total} AS total_result_set, pgrst_size.page_total, ` +
    `pgrst_size.body_bytes, CASE WHEN pgrst_size.body_bytes > ${params.add(String(parts.maxBytes))} ` +
    `THEN NULL ELSE ${body} END AS body FROM (SELECT pg_catalog.count(*) AS page_total, ` +
    `coalesce(pg_catalog.sum(${parts.rowBytes}), 0) + 2 AS body_bytes FROM ${parts.page}) pgrst_size`
  );
}

export interface AggregateRow {
  total_result_set: unknown;
  page_total: unknown;
  body_bytes: unknown;
  body: unknown;
}

/** What the aggregate query returns, as PostgREST's `ResultSet`. */
export interface ResultSet {
  total: number | null;
  pageTotal: number;
  body: string;
}

/**
 * Reads the aggregate's row; an oversized body (left unbuilt) becomes the refusal. Called inside
 * the transaction, so that a write whose answer is refused is rolled back.
 */
export function toResultSet(row: AggregateRow | undefined, maxBytes: number | null): ResultSet {
  const bytes = Number(row?.body_bytes ?? 0);
  if (maxBytes !== null && bytes > maxBytes) throw responseTooLarge(bytes, maxBytes);
  const total = row?.total_result_set;
  return {
    total: total === null || total === undefined || total === '' ? null : Number(total),
    pageTotal: Number(row?.page_total ?? 0),
    body: typeof row?.body === 'string' ? row.body : '',
  };
}
