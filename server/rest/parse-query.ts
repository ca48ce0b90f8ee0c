/**
 * A request's query string, read with PostgREST 12's grammar and reduced to what this server
 * runs. Constructs PostgREST has and this server does not (embedding, JSON paths, aggregates,
 * other operators) are refused by name, never half-done.
 */
import { RestError, unsupported } from './errors.ts';
import { parseWith, type Field } from './grammar-common.ts';
import { pLogicTree } from './grammar-filter.ts';
import { pColumns, pOrder, pTreePath, type OrderNode } from './grammar-order.ts';
import { pFieldForest, type SelectItem } from './grammar-select.ts';
import { fastOrder, fastSelect } from './fast-parse.ts';
import { checkNesting } from './limits.ts';
import { before, eof, run } from './parsec.ts';
import { toFilter, toLogic, type Filter, type LogicTree } from './query-filters.ts';
import { requestedPage } from './range.ts';
import { castType } from './types.ts';

export type { Filter, LogicTree } from './query-filters.ts';

export interface SelectField {
  /** A column name, or `*`. */
  column: string;
  alias: string | null;
  /** The SQL type to cast to, from the allow-list. */
  cast: string | null;
}

export interface OrderTerm {
  column: string;
  direction: 'ASC' | 'DESC' | null;
  nulls: 'NULLS FIRST' | 'NULLS LAST' | null;
}

export interface QueryParts {
  /** The items in order, or null for every column (`*` alone, empty or absent). */
  select: SelectField[] | null;
  /** `or`/`and` parameters, in order. */
  logic: LogicTree[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number;
  onConflict: string[] | null;
  columns: string[] | null;
}

export interface QueryOptions {
  /** The `Range` header, which PostgREST honours on GET only. */
  rangeHeader?: string | null;
  /** Function arguments passed as query parameters (GET /rpc). */
  argNames?: ReadonlySet<string>;
  /** The configured maximum of rows, for reads. */
  maxRows?: number | null;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);
const lastWord = (key: string) => key.split('.').at(-1)!;

function plainColumn(field: Field, what: string): string {
  if (field.path.length > 0) throw unsupported(`chemins JSON (->, ->>) dans ${what}`);
  return field.name;
}

function toSelect(items: SelectItem[]): SelectField[] | null {
  const fields = items.map((item): SelectField => {
    if (item.kind !== 'field') {
      throw unsupported(`ressources imbriquées dans select (${item.name})`);
    }
    if (item.aggregate) {
      throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
    }
    return {
      column: plainColumn(item.field, 'select'),
      alias: item.alias,
      cast: item.cast === null || item.field.name === '*' ? null : castType(item.cast),
    };
  });
  const onlyStar = fields.length === 1 && fields[0]!.column === '*';
  return fields.length === 0 || onlyStar ? null : fields;
}

function toOrder(nodes: OrderNode[]): OrderTerm[] {
  return nodes.map((node) => {
    if (node.relation !== null) throw unsupported('tri sur une ressource imbriquée');
    return {
      column: plainColumn(node.field, 'order'),
      direction: node.direction,
      nulls: node.nulls,
    };
  });
}

const treePath = before(pTreePath, eof);
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A filter's key: a column, or the raw key when the grammar does not read all of it (PostgREST
 * would filter on the part it read); the catalog then refuses it as an unknown column.
 */
function filterColumn(key: string): string {
  if (PLAIN_NAME.test(key)) return key;
  const result = run(treePath, key);
  if (!result.ok) return key;
  if (result.value.path.length > 0)
    throw unsupported(`filtre sur une ressource imbriquée (${key})`);
  return plainColumn(result.value.field, 'un filtre');
}

/**
 * Splits a query string as PostgREST does: `order`, then `or`/`and`, `columns`, `select`, the
 * filters and `on_conflict` are read in that order, so the first malformed one is reported.
 */
export function parseQuery(params: URLSearchParams, options: QueryOptions = {}): QueryParts {
  const entries = [...params];
  for (const [key] of entries) {
    const last = lastWord(key);
    if ((last === 'limit' || last === 'offset') && key !== last) {
      throw unsupported(`pagination d'une ressource imbriquée (${key})`);
    }
  }
  const orders = entries.filter(([k]) => lastWord(k) === 'order');
  for (const [key] of orders)
    if (key !== 'order') throw unsupported('tri sur une ressource imbriquée');
  const order = orders.map(([, v]) =>
    toOrder(fastOrder(v) ?? parseWith(pOrder, `failed to parse order (${v})`, v)),
  );

  const logic = entries
    .filter(([k]) => lastWord(k) === 'and' || lastWord(k) === 'or')
    .map(([key, value]) => {
      if (key !== lastWord(key) && !/^not\.(and|or)$/.test(key)) {
        throw unsupported(`opérateur logique sur une ressource imbriquée (${key})`);
      }
      checkNesting(key, value);
      const tree = parseWith(
        pLogicTree,
        `failed to parse logic tree (${value})`,
        key + value,
        true,
      );
      return toLogic(tree);
    });

  const columnsParam = params.get('columns');
  const columns =
    columnsParam === null
      ? null
      : parseWith(
          pColumns,
          `failed to parse columns parameter (${columnsParam})`,
          columnsParam,
          true,
        );
  const select = params.get('select');
  if (select !== null) checkNesting('select', select);
  const parsedSelect =
    select === null
      ? null
      : toSelect(
          fastSelect(select) ??
            parseWith(pFieldForest, `failed to parse select parameter (${select})`, select, true),
        );

  const filters = entries
    .filter(([k]) => !RESERVED.has(k) && !EMBEDDABLE.has(lastWord(k)) && !options.argNames?.has(k))
    .map(([key, value]) => toFilter(filterColumn(key), value));

  const onConflictParam = params.get('on_conflict');
  const onConflict =
    onConflictParam === null
      ? null
      : parseWith(
          pColumns,
          `failed to parse on_conflict parameter (${onConflictParam})`,
          onConflictParam,
          true,
        );
  const page = requestedPage(params, options.rangeHeader ?? null, options.maxRows ?? null);
  return {
    select: parsedSelect,
    logic,
    filters,
    order: order[0] ?? [],
    limit: page.limit,
    offset: page.offset,
    onConflict,
    columns,
  };
}
