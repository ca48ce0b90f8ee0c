/**
 * Shortcuts for the parameters almost every request carries (`select=id,title`, `order=x.desc`,
 * `slug=eq.x`, `x=is.null`): a regular expression recognizes them and yields what the grammar
 * would, in microseconds instead of a full parse. Anything else returns null and goes through
 * the grammar; `fast-parse.test.ts` checks that both agree.
 */
import type { OpExpr } from './grammar-filter.ts';
import type { OrderNode } from './grammar-order.ts';
import type { SelectItem } from './grammar-select.ts';

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
const SELECT = new RegExp(`^(?:\\*|${NAME})(?:,(?:\\*|${NAME}))*$`);
const ORDER_TERM = new RegExp(`^(${NAME})(?:\\.(asc|desc))?(?:\\.(nullsfirst|nullslast))?$`);
const SIMPLE = /^(not\.)?(eq|neq|gt|gte|lt|lte|like|ilike)\.([^]*)$/;
const IS = /^(not\.)?is\.(null|true|false|unknown)$/i;
// `in.(a,b)` without quotes or parentheses inside: the spaces after `(` are dropped, the others
// kept, as the grammar does.
const IN = /^(not\.)?in\.[ \t]*\([ \t]*([^"()]*)\)[ \t]*$/;

export function fastSelect(text: string): SelectItem[] | null {
  if (!SELECT.test(text)) return null;
  return text.split(',').map((name) => ({
    kind: 'field',
    field: { name, path: [] },
    cast: null,
    alias: null,
    aggregate: null,
  }));
}

export function fastOrder(text: string): OrderNode[] | null {
  const terms: OrderNode[] = [];
  for (const term of text.split(',')) {
    const match = ORDER_TERM.exec(term);
    if (!match) return null;
    const [, name, direction, nulls] = match;
    terms.push({
      field: { name: name!, path: [] },
      relation: null,
      direction: direction ? (direction.toUpperCase() as 'ASC' | 'DESC') : null,
      nulls: nulls === 'nullsfirst' ? 'NULLS FIRST' : nulls === 'nullslast' ? 'NULLS LAST' : null,
    });
  }
  return terms;
}

export function fastOpExpr(text: string): OpExpr | null {
  const simple = SIMPLE.exec(text);
  if (simple) {
    const [, not, name, value] = simple;
    return {
      negate: !!not,
      operation: { op: 'other', name: name!, value: value!, quantifier: null },
    };
  }
  const is = IS.exec(text);
  if (is) {
    const value = is[2]!.toUpperCase() as 'NULL' | 'TRUE' | 'FALSE' | 'UNKNOWN';
    return { negate: !!is[1], operation: { op: 'is', value } };
  }
  const list = IN.exec(text);
  if (list) return { negate: !!list[1], operation: { op: 'in', values: list[2]!.split(',') } };
  return null;
}
