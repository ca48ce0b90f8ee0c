/**
 * The select list of a response (aliases and casts as PostgREST writes them) and the SQL that
 * estimates each row's JSON size from the same columns, before any JSON is built.
 */
import { checkSelectColumns } from './limits.ts';
import type { SelectField } from './parse-query.ts';
import { ident } from './sql.ts';
import { sizeEstimate } from './types.ts';

export interface ColumnInfo {
  name: string;
  type: string;
}

export interface Projection {
  /** The select list over `source`. */
  list: string;
  /** SQL over `source` estimating one row's JSON size in bytes. */
  rowBytes: string;
  /** What the page query adds to its select list: the casts, when it computes them. */
  pageItems: string[];
}

// Braces, the separator between rows (", \n ") and the quotes, colon and comma around each key.
const ROW_OVERHEAD = 5;
const KEY_OVERHEAD = 4;

/**
 * A sum as a balanced tree: Postgres parses `a + b + c ...` into a tree as deep as the list is
 * long, and a few hundred levels overflow PGlite's stack.
 */
function balancedSum(terms: string[]): string {
  if (terms.length <= 2) return terms.join(' + ');
  const half = Math.ceil(terms.length / 2);
  return `(${balancedSum(terms.slice(0, half))}) + (${balancedSum(terms.slice(half))})`;
}

/** A row's estimate, its constant parts added up here: a number alone when every column is fixed-size. */
function estimate(columns: { key: string; expr: string; type: string }[]): string {
  let fixed = ROW_OVERHEAD;
  const variable: string[] = [];
  for (const c of columns) {
    fixed += Buffer.byteLength(c.key) + KEY_OVERHEAD;
    const size = sizeEstimate(c.expr, c.type);
    if (/^\d+$/.test(size)) fixed += Number(size);
    else variable.push(size);
  }
  return balancedSum([String(fixed), ...variable]);
}

/**
 * `select` over `source` whose columns are `available` (null when unknown, as for a function
 * returning `record`). The number of output columns is bounded before any SQL is written.
 *
 * With `pageSource`, the relation the page query reads, the casts move into the page query, where
 * PostgREST writes them: Postgres then evaluates them on every row that query reads, those an
 * offset skips included, and on HEAD, which builds no body. A cast that fails on one of those rows
 * fails the request with PostgREST's 400, not only when the row reaches the body.
 */
export function projection(
  source: string,
  select: SelectField[] | null,
  available: ColumnInfo[] | null,
  pageSource?: string,
): Projection {
  const wholeRow = (): Projection => ({
    list: `${source}.*`,
    rowBytes: `${ROW_OVERHEAD} + coalesce(octet_length(${source}::text), 4)`,
    pageItems: [],
  });
  const columnsOf = (all: ColumnInfo[]) =>
    all.map((c) => ({ key: c.name, expr: `${source}.${ident(c.name)}`, type: c.type }));
  if (select === null) {
    if (!available) return wholeRow();
    checkSelectColumns(available.length);
    return { list: `${source}.*`, rowBytes: estimate(columnsOf(available)), pageItems: [] };
  }
  const count = select.reduce((n, f) => n + (f.column === '*' ? (available?.length ?? 1) : 1), 0);
  checkSelectColumns(count);
  if (!available && select.some((f) => f.column === '*')) {
    return { ...wholeRow(), list: select.map((f) => item(source, f)).join(', ') };
  }
  const types = new Map(available?.map((c) => [c.name, c.type]));
  const pageItems: string[] = [];
  const fields =
    pageSource === undefined || !select.some((f) => f.cast)
      ? select
      : select.flatMap((f): SelectField[] => {
          // The page's extra columns would show in `source.*`: the star is spelled out.
          if (f.column === '*') {
            return (available ?? []).map((c) => ({ column: c.name, alias: null, cast: null }));
          }
          if (!f.cast) return [f];
          const name = `pgrst_cast_${pageItems.length}`;
          pageItems.push(`CAST(${pageSource}.${ident(f.column)} AS ${f.cast}) AS ${ident(name)}`);
          types.set(name, f.cast);
          // Postgres names `CAST(t.c AS x)` after `c`; the alias keeps that key.
          return [{ column: name, alias: f.alias ?? f.column, cast: null }];
        });
  const measured = fields.flatMap((f) => {
    if (f.column === '*') return columnsOf(available ?? []);
    const expr = `${source}.${ident(f.column)}`;
    return [
      {
        key: f.alias ?? f.column,
        expr: f.cast ? `CAST(${expr} AS ${f.cast})` : expr,
        type: f.cast ?? types.get(f.column) ?? 'unknown',
      },
    ];
  });
  return {
    list: fields.map((f) => item(source, f)).join(', '),
    rowBytes: estimate(measured),
    pageItems,
  };
}

/** One item as PostgREST writes it (`pgFmtSelectItem`): the column, its cast, then its alias. */
function item(source: string, field: SelectField): string {
  if (field.column === '*') return `${source}.*`;
  const column = `${source}.${ident(field.column)}`;
  const cast = field.cast ? `CAST(${column} AS ${field.cast})` : column;
  return field.alias ? `${cast} AS ${ident(field.alias)}` : cast;
}

/** The columns a page must carry for `select` to be computed from it: all of them for `*`. */
export function neededColumns(source: string, select: SelectField[] | null): string {
  if (select === null || select.some((f) => f.column === '*')) return `${source}.*`;
  return [...new Set(select.map((f) => f.column))].map((c) => `${source}.${ident(c)}`).join(', ');
}
