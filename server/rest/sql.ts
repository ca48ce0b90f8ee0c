import type { Table } from './catalog.ts';
import { unknownColumn } from './errors.ts';
import type { Filter, OrderTerm } from './parse-query.ts';

/** Collects bound parameters; every value from a request goes through here, never into SQL text. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Quotes an identifier. Names reaching SQL were first found in the catalog; quoting is the second lock. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(table: string): string {
  return `"public".${ident(table)}`;
}

export function checkColumn(table: Table, column: string): string {
  if (!table.byName.has(column)) throw unknownColumn(table.name, column);
  return column;
}

/** Postgres' array literal for `= ANY($n)`, letting Postgres type it from the column, as PostgREST does. */
function arrayLiteral(values: string[]): string {
  const escaped = values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return `{${escaped.join(',')}}`;
}

const OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
};

/** One filter as PostgREST writes it (`pgFmtFilter`): `NOT` prefix, `IS`, `= ANY`, `*` as `%` in like. */
export function filterSql(source: string, filter: Filter, params: Params): string {
  const column = `${source}.${ident(filter.column)}`;
  const not = filter.negate ? 'NOT ' : '';
  switch (filter.op) {
    case 'is':
      return `${not}${column} IS ${filter.value}`;
    case 'in':
      return filter.value.length === 0
        ? `${not}${column} = ANY('{}')`
        : `${not}${column} = ANY (${params.add(arrayLiteral(filter.value))})`;
    case 'like':
    case 'ilike':
      return `${not}${column} ${OPERATORS[filter.op]} ${params.add(filter.value.replace(/\*/g, '%'))}`;
    default:
      return `${not}${column} ${OPERATORS[filter.op]} ${params.add(filter.value)}`;
  }
}

export function whereSql(source: string, filters: Filter[], params: Params): string {
  if (filters.length === 0) return '';
  return ` WHERE ${filters.map((f) => filterSql(source, f, params)).join(' AND ')}`;
}

export function orderSql(source: string, order: OrderTerm[]): string {
  if (order.length === 0) return '';
  const terms = order.map((t) =>
    [`${source}.${ident(t.column)}`, t.direction, t.nulls].filter(Boolean).join(' '),
  );
  return ` ORDER BY ${terms.join(', ')}`;
}

export function limitSql(limit: number | null, offset: number, params: Params): string {
  if (limit === null && offset === 0) return '';
  const limitValue = limit === null ? 'ALL' : params.add(String(limit));
  return ` LIMIT ${limitValue} OFFSET ${params.add(String(offset))}`;
}

/** The select list over a source: named columns, or all of them. */
export function selectList(source: string, columns: string[] | null): string {
  if (columns === null) return `${source}.*`;
  return columns.map((c) => (c === '*' ? `${source}.*` : `${source}.${ident(c)}`)).join(', ');
}

/** Checks every column a read names (select, filters, order) against the table. */
export function checkReadColumns(
  table: Table,
  select: string[] | null,
  filters: Filter[],
  order: OrderTerm[],
): void {
  for (const c of select ?? []) if (c !== '*') checkColumn(table, c);
  for (const f of filters) checkColumn(table, f.column);
  for (const o of order) checkColumn(table, o.column);
}

/** The body expression PostgREST aggregates rows with (`asJsonF` / `asJsonSingleF`). */
export function bodySql(single: boolean, scalar = false): string {
  const value = scalar ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  return single
    ? `coalesce((json_agg(${value})->0)::text, 'null')`
    : `coalesce(json_agg(${value}), '[]')::text`;
}
