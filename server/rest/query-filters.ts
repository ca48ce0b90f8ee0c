/** Filters and `or`/`and` trees, from PostgREST's grammar to the operators this server runs. */
import { unsupported } from './errors.ts';
import { fastOpExpr } from './fast-parse.ts';
import { parseWith, type Field } from './grammar-common.ts';
import { checkFilterValueDepth } from './limits.ts';
import {
  type IsValue,
  type LogicNode,
  type OpExpr,
  pOpExpr,
  pSingleVal,
} from './grammar-filter.ts';

export type FilterOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'is' | 'in';

export type Filter =
  | { column: string; negate: boolean; op: Exclude<FilterOp, 'is' | 'in'>; value: string }
  | { column: string; negate: boolean; op: 'is'; value: IsValue }
  | { column: string; negate: boolean; op: 'in'; value: string[] };

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'expr'; negate: boolean; op: 'AND' | 'OR'; children: LogicTree[] };

/**
 * The operators this server runs besides `is` and `in`: those supabase-js sends for this product.
 * The grammar reads all of PostgREST's; any other is refused by name (decision 091).
 */
export const SERVED_OPERATORS: ReadonlySet<string> = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
]);
const SUPPORTED_LIST =
  'Opérateurs pris en charge : eq, neq, gt, gte, lt, lte, is, in, like, ilike, leur négation not, et les combinaisons or, and.';

function toOperation(column: string, { negate, operation }: OpExpr): Filter {
  if (operation.op === 'in') {
    for (const value of operation.values) checkFilterValueDepth(column, value);
    return { column, negate, op: 'in', value: operation.values };
  }
  if (operation.op === 'is') return { column, negate, op: 'is', value: operation.value };
  const { name, value, quantifier } = operation;
  if (quantifier) throw unsupported(`opérateur ${name}(${quantifier})`, SUPPORTED_LIST);
  if (!SERVED_OPERATORS.has(name)) throw unsupported(`opérateur ${name}`, SUPPORTED_LIST);
  checkFilterValueDepth(column, value);
  return { column, negate, op: name as Exclude<FilterOp, 'is' | 'in'>, value };
}

function fieldColumn(field: Field): string {
  if (field.path.length > 0) throw unsupported(`filtre sur un chemin JSON (${field.name}->…)`);
  return field.name;
}

const pFilterValue = pOpExpr(pSingleVal);

/** One filter parameter: `column=[not.]op.value`. */
export function toFilter(column: string, raw: string): Filter {
  const expr =
    fastOpExpr(raw) ?? parseWith(pFilterValue, `failed to parse filter (${raw})`, raw, true);
  return toOperation(column, expr);
}

export function toLogic(node: LogicNode): LogicTree {
  if (node.kind === 'filter') {
    return {
      kind: 'filter',
      filter: toOperation(fieldColumn(node.filter.field), node.filter.expr),
    };
  }
  return {
    kind: 'expr',
    negate: node.negate,
    op: node.op === 'and' ? 'AND' : 'OR',
    children: node.children.map(toLogic),
  };
}

/** Every filter of a tree, depth first, in the order Postgres meets their columns. */
export function treeFilters(tree: LogicTree): Filter[] {
  return tree.kind === 'filter' ? [tree.filter] : tree.children.flatMap(treeFilters);
}
