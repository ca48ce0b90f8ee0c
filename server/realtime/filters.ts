/**
 * The `filter` of a postgres_changes binding, as hosted Supabase Realtime accepts it: one
 * condition `column=op.value`, op among eq, neq, lt, lte, gt, gte and in (`in.(a,b,c)`, at most
 * `maxInValues` values). Comparisons are made by Postgres in the column's own type.
 */
export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface ChangeFilter {
  column: string;
  op: FilterOp;
  /** One value, or the list of `in`. */
  value: string | string[];
}

export const SQL_OPERATORS: Record<Exclude<FilterOp, 'in'>, string> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};

function unquote(value: string): string {
  const trimmed = value.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1)
    : trimmed;
}

/** The filter, or the reason it is refused (sent to the client as a join error). */
export function parseFilter(text: string, maxInValues: number): ChangeFilter | { error: string } {
  const match = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s.exec(text);
  if (!match) {
    return {
      error: `Invalid filter "${text}": expected column=op.value with op among eq, neq, lt, lte, gt, gte, in`,
    };
  }
  const [, column, op, raw] = match as unknown as [string, string, FilterOp, string];
  if (op !== 'in') return { column, op, value: raw };
  const list = /^\((.*)\)$/s.exec(raw.trim());
  if (!list) return { error: `Invalid filter "${text}": in expects a list in parentheses` };
  const values = list[1]!.split(',').map(unquote);
  if (values.length > maxInValues)
    return { error: `Invalid filter "${text}": in accepts at most ${maxInValues} values` };
  return { column, op, value: values };
}

/** One key per distinct filter, so that a change evaluates each once for all subscribers. */
export function filterKey(filter: ChangeFilter): string {
  return JSON.stringify([filter.column, filter.op, filter.value]);
}
