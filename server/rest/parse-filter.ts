import { parseError, unsupported } from './errors.ts';

export type FilterOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'is' | 'in';
export type IsValue = 'NULL' | 'TRUE' | 'FALSE' | 'UNKNOWN';

export type Filter =
  | { column: string; negate: boolean; op: Exclude<FilterOp, 'is' | 'in'>; value: string }
  | { column: string; negate: boolean; op: 'is'; value: IsValue }
  | { column: string; negate: boolean; op: 'in'; value: string[] };

const SUPPORTED = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'is',
  'in',
]);
// Operators PostgREST has and this server refuses, so that the answer names them.
const REFUSED = new Set([
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'match',
  'imatch',
  'isdistinct',
]);
const SUPPORTED_LIST =
  'Opérateurs pris en charge : eq, neq, gt, gte, lt, lte, is, in, like, ilike, et leur négation not.';
const IS_VALUES: IsValue[] = ['NULL', 'TRUE', 'FALSE', 'UNKNOWN'];

function filterError(raw: string, at: number, expecting: string) {
  const found = at < raw.length ? `"${raw[at]}"` : 'end of input';
  return parseError(
    `"failed to parse filter (${raw})" (line 1, column ${at + 1})`,
    `unexpected ${found} expecting ${expecting}`,
  );
}

/** `(a,"b,c",d)`: the list of `in.`, with PostgREST's double quotes and backslash escapes. */
function parseList(raw: string, start: number): string[] {
  const body = raw.slice(start);
  if (!body.startsWith('(')) throw filterError(raw, start, '"("');
  if (!body.endsWith(')')) throw filterError(raw, raw.length, '")"');
  const inner = body.slice(1, -1);
  if (inner === '') return [];
  const items: string[] = [];
  let i = 0;
  for (;;) {
    let item = '';
    if (inner[i] === '"') {
      i++;
      while (i < inner.length && inner[i] !== '"') {
        if (inner[i] === '\\' && i + 1 < inner.length) i++;
        item += inner[i];
        i++;
      }
      if (inner[i] !== '"') throw filterError(raw, raw.length - 1, 'closing quote');
      i++;
    } else {
      while (i < inner.length && inner[i] !== ',') item += inner[i++];
      item = item.trim();
    }
    items.push(item);
    if (i >= inner.length) return items;
    if (inner[i] !== ',') throw filterError(raw, start + 1 + i, '","');
    i++;
  }
}

function parseIs(raw: string, start: number): IsValue {
  const word = raw.slice(start).toUpperCase();
  const match = IS_VALUES.find((v) => v === word);
  if (match) return match;
  // Point at the first character that matches no keyword, as PostgREST's parser does.
  let best = 0;
  for (const v of IS_VALUES) {
    let n = 0;
    while (n < word.length && n < v.length && word[n] === v[n]) n++;
    best = Math.max(best, n);
  }
  throw filterError(raw, start + best, 'null or trilean value (unknown, true, false)');
}

/** One filter parameter: `col=[not.]op.value`. */
export function parseFilter(key: string, raw: string): Filter {
  if (/^(not\.)?(or|and)$/.test(key)) throw unsupported(`opérateur logique ${key}`, SUPPORTED_LIST);
  if (key.includes('->')) throw unsupported(`filtre sur un chemin JSON (${key})`);
  if (key.includes('.')) throw unsupported(`filtre sur une ressource imbriquée (${key})`);
  const negate = raw.startsWith('not.');
  const start = negate ? 4 : 0;
  const dot = raw.indexOf('.', start);
  const op = dot < 0 ? raw.slice(start) : raw.slice(start, dot);
  const quantified = /^(\w+)\((any|all)\)$/.exec(op);
  if (quantified) throw unsupported(`opérateur ${op}`, SUPPORTED_LIST);
  if (REFUSED.has(op)) {
    throw unsupported(`opérateur ${op}`, SUPPORTED_LIST);
  }
  if (!SUPPORTED.has(op)) throw filterError(raw, start, '"not" or operator (eq, gt, ...)');
  if (dot < 0) throw filterError(raw, raw.length, 'operator (eq, gt, ...)');
  const valueStart = dot + 1;
  if (op === 'is') return { column: key, negate, op, value: parseIs(raw, valueStart) };
  if (op === 'in') return { column: key, negate, op, value: parseList(raw, valueStart) };
  return {
    column: key,
    negate,
    op: op as Exclude<FilterOp, 'is' | 'in'>,
    value: raw.slice(valueStart),
  };
}
