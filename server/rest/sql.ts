import type { Table } from './catalog.ts';
import { unknownColumn } from './errors.ts';
import type { Filter, LogicTree, OrderTerm, QueryParts } from './parse-query.ts';
import { treeFilters } from './query-filters.ts';

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

/** Checks names against the table in the order given: the first unknown one is reported. */
export function checkColumns(table: Table, columns: string[]): void {
  for (const c of columns)
    if (c !== '*' && !table.byName.has(c)) throw unknownColumn(table.name, c);
}

export const selectColumns = (q: QueryParts): string[] => (q.select ?? []).map((f) => f.column);
export const orderColumns = (q: QueryParts): string[] => q.order.map((t) => t.column);

/** Postgres' array literal for `= ANY($n)`, letting Postgres type it from the column, as PostgREST does. */
function arrayLiteral(values: string[]): string {
  // PostgREST cuts each value at its first NUL, which Postgres could not store anyway.
  const escaped = values.map(
    (v) => `"${v.split('\0')[0]!.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
  );
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
      // `in.()` and `in.("")` read as one empty item, which PostgREST takes for an empty list.
      return filter.value.length === 1 && filter.value[0] === ''
        ? `${not}${column} = ANY('{}')`
        : `${not}${column} = ANY (${params.add(arrayLiteral(filter.value))})`;
    case 'like':
    case 'ilike':
      return `${not}${column} ${OPERATORS[filter.op]} ${params.add(filter.value.replace(/\*/g, '%'))}`;
    default:
      return `${not}${column} ${OPERATORS[filter.op]} ${params.add(filter.value)}`;
  }
}

function treeSql(source: string, tree: LogicTree, params: Params): string {
  if (tree.kind === 'filter') return filterSql(source, tree.filter, params);
  const children = tree.children.map((c) => treeSql(source, c, params));
  return `${tree.negate ? 'NOT ' : ''}(${children.join(` ${tree.op} `)})`;
}

/**
 * The conditions of a request in the order PostgREST puts them in its WHERE clause: on reads the
 * `or`/`and` trees come first, on writes the plain filters do.
 */
export function conditions(q: QueryParts, write = false): LogicTree[] {
  const plain = q.filters.map((filter): LogicTree => ({ kind: 'filter', filter }));
  return write ? [...plain, ...q.logic] : [...q.logic, ...plain];
}

export function whereSql(source: string, where: LogicTree[], params: Params): string {
  if (where.length === 0) return '';
  return ` WHERE ${where.map((t) => treeSql(source, t, params)).join(' AND ')}`;
}

/** The columns the conditions name, in the order Postgres resolves them. */
export function conditionColumns(where: LogicTree[]): string[] {
  return where.flatMap(treeFilters).map((f) => f.column);
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
