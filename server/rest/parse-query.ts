import { parseError, RestError, unsupported } from './errors.ts';
import { parseFilter, type Filter } from './parse-filter.ts';

export type { Filter } from './parse-filter.ts';

export interface OrderTerm {
  column: string;
  direction: 'ASC' | 'DESC' | null;
  nulls: 'NULLS FIRST' | 'NULLS LAST' | null;
}

export interface QueryParts {
  /** Column names and `*`, in order, or null for every column (`*` alone or no `select`). */
  select: string[] | null;
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number;
  onConflict: string[] | null;
  columns: string[] | null;
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);
const NAME_CHAR = /[\p{L}\p{N}_$]/u;

/** Reads an identifier at `i`: a run of letters, digits, `_` and `$`, or a double-quoted name. */
export function readName(s: string, i: number): { name: string; end: number } | null {
  if (s[i] === '"') {
    const close = s.indexOf('"', i + 1);
    return close > i + 1 ? { name: s.slice(i + 1, close), end: close + 1 } : null;
  }
  let end = i;
  while (end < s.length && NAME_CHAR.test(s[end]!)) end++;
  return end > i ? { name: s.slice(i, end), end } : null;
}

function failed(what: string, raw: string, at: number, expecting: string): RestError {
  const found = at < raw.length ? `"${raw[at]}"` : 'end of input';
  return parseError(
    `"failed to parse ${what} (${raw})" (line 1, column ${at + 1})`,
    `unexpected ${found} expecting ${expecting}`,
  );
}

const AFTER_NAME = 'letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input';
const ITEM_START = '"...", field name (* or [a..z0..9_$]), "*" or "count()"';

function selectFailure(raw: string, at: number, expecting: string, quote: string): RestError {
  const found = at < raw.length ? `${quote}${raw[at]}${quote}` : 'end of input';
  return parseError(
    `"failed to parse select parameter (${raw})" (line 1, column ${at + 1})`,
    `unexpected ${found} expecting ${expecting}`,
  );
}

/**
 * `select=`: plain column names and `*` only, in the order given (PostgREST repeats a column named
 * twice, so does this). Everything else PostgREST offers is refused by name. Null means `*` alone.
 */
export function parseSelect(raw: string | null): string[] | null {
  if (raw === null || raw === '') return null;
  const items: string[] = [];
  let i = 0;
  for (;;) {
    if (raw.startsWith('...', i)) throw unsupported('ressources imbriquées (...) dans select');
    if (raw[i] === '*') {
      items.push('*');
      i++;
    } else {
      const name = readName(raw, i);
      if (!name) throw selectFailure(raw, i, ITEM_START, '"');
      items.push(name.name);
      i = name.end;
      const rest = raw.slice(i);
      if (rest.startsWith('::')) throw unsupported('conversion de type (::) dans select');
      if (rest.startsWith(':')) throw unsupported('alias (alias:colonne) dans select');
      if (rest.startsWith('->')) throw unsupported('chemins JSON (->, ->>) dans select');
      if (rest.startsWith('(') || rest.startsWith('!')) {
        throw unsupported(`ressources imbriquées ou agrégats dans select (${name.name})`);
      }
    }
    if (i >= raw.length) break;
    if (raw[i] !== ',') throw selectFailure(raw, i, AFTER_NAME, "'");
    i++;
  }
  return items.length === 1 && items[0] === '*' ? null : items;
}

export function parseOrder(raw: string | null): OrderTerm[] {
  if (raw === null || raw === '') return [];
  const terms: OrderTerm[] = [];
  let offset = 0;
  for (const part of raw.split(',')) {
    const name = readName(part, 0);
    if (!name) throw failed('order', raw, offset, 'letter, digit or quoted name');
    const rest = part.slice(name.end);
    if (rest.startsWith('->') || rest.startsWith('(')) {
      throw unsupported('tri sur un chemin JSON ou une ressource imbriquée');
    }
    const term: OrderTerm = { column: name.name, direction: null, nulls: null };
    let at = offset + name.end;
    for (const modifier of rest === '' ? [] : rest.slice(1).split('.')) {
      const expected = rest[0] === '.' ? modifier : null;
      if (expected === 'asc' && !term.direction && !term.nulls) term.direction = 'ASC';
      else if (expected === 'desc' && !term.direction && !term.nulls) term.direction = 'DESC';
      else if (expected === 'nullsfirst' && !term.nulls) term.nulls = 'NULLS FIRST';
      else if (expected === 'nullslast' && !term.nulls) term.nulls = 'NULLS LAST';
      else {
        throw failed(
          'order',
          raw,
          rest[0] === '.' ? at + 1 : at,
          '"asc", "desc", "nullsfirst" or "nullslast"',
        );
      }
      at += modifier.length + 1;
    }
    terms.push(term);
    offset += part.length + 1;
  }
  return terms;
}

/** A comma-separated list of names, each possibly double-quoted (supabase-js quotes `columns`). */
export function parseNameList(param: string, raw: string): string[] {
  return raw.split(',').map((item) => {
    const trimmed = item.trim();
    const name = readName(trimmed, 0);
    if (!name || name.end !== trimmed.length)
      throw failed(param, raw, raw.indexOf(item), 'a column name');
    return name.name;
  });
}

function parseCount(name: 'limit' | 'offset', raw: string | null): number | null {
  if (raw === null) return null;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (name === 'limit' && /^-\d+$/.test(raw)) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'Limit should be greater than or equal to zero.',
    );
  }
  throw parseError(
    `Valeur invalide pour ${name} : ${raw}`,
    'Un entier positif ou nul est attendu.',
  );
}

/** A `Range: 0-9` header (items), which PostgREST honours like limit/offset. */
function parseRangeHeader(header: string | null): { offset: number; limit: number | null } | null {
  if (!header) return null;
  const match = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header);
  if (!match)
    throw parseError(
      `En-tête Range invalide : ${header}`,
      'Forme attendue : début-fin, par exemple 0-9.',
    );
  const from = Number(match[1]);
  const to = match[2] === '' ? null : Number(match[2]);
  if (to !== null && to < from)
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', null);
  return { offset: from, limit: to === null ? null : to - from + 1 };
}

/**
 * Splits a query string into PostgREST's reserved parameters and filters. `argNames` are taken
 * out first (GET /rpc passes function arguments as query parameters).
 */
export function parseQuery(
  params: URLSearchParams,
  rangeHeader: string | null,
  argNames: ReadonlySet<string> = new Set(),
): QueryParts {
  const filters: Filter[] = [];
  for (const [key, value] of params) {
    if (RESERVED.has(key) || argNames.has(key)) continue;
    filters.push(parseFilter(key, value));
  }
  let limit = parseCount('limit', params.get('limit'));
  let offset = parseCount('offset', params.get('offset')) ?? 0;
  const range = parseRangeHeader(rangeHeader);
  if (range) {
    if (params.has('limit') || params.has('offset')) {
      throw unsupported('en-tête Range combiné à limit ou offset');
    }
    ({ limit, offset } = range);
  }
  const onConflict = params.get('on_conflict');
  const columns = params.get('columns');
  return {
    select: parseSelect(params.get('select')),
    filters,
    order: parseOrder(params.get('order')),
    limit,
    offset,
    onConflict: onConflict === null ? null : parseNameList('on_conflict', onConflict),
    columns: columns === null ? null : parseNameList('columns', columns),
  };
}
