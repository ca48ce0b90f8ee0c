/**
 * The rows a read asks for, from `limit`, `offset` and a `Range` header, worked out as PostgREST
 * 12 does (its `RangeQuery` and `getRanges`), then capped at the configured maximum of rows.
 */
import { parseError, RestError } from './errors.ts';

/** Inclusive bounds; `upper` null is unbounded. */
interface Bounds {
  lower: number;
  upper: number | null;
}

export interface Page {
  offset: number;
  /** Null for no limit. */
  limit: number | null;
}

const ALL: Bounds = { lower: 0, upper: null };

function intersect(a: Bounds, b: Bounds): Bounds {
  const upper =
    a.upper === null ? b.upper : b.upper === null ? a.upper : Math.min(a.upper, b.upper);
  return { lower: Math.max(a.lower, b.lower), upper };
}

const isEmpty = (r: Bounds) => r.upper !== null && r.upper < r.lower;
/** `limit=0` is the one empty range PostgREST allows. */
const isLimitZero = (r: Bounds) => r.upper === -1;

function rangeError(details: string): RestError {
  return new RestError(416, 'PGRST103', 'Requested range not satisfiable', details);
}

/**
 * PostgREST silently ignores a `limit` or `offset` that is not an integer, and its negative
 * offsets give odd pages; here they are refused, so a typo never returns every row.
 */
function integer(name: string, raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  const trimmed = raw.trim();
  const n = Number(trimmed);
  if (!/^-?\d+$/.test(trimmed) || !Number.isSafeInteger(n) || (name === 'offset' && n < 0)) {
    throw parseError(
      `Valeur invalide pour ${name} : ${raw}`,
      'Un entier positif ou nul est attendu.',
    );
  }
  return n;
}

/** `Range: 0-9` (no unit): anything else is ignored, as PostgREST does. */
function headerBounds(header: string | null): Bounds {
  const match = /^([0-9]+)-([0-9]*)$/.exec(header ?? '');
  if (!match) return ALL;
  return { lower: Number(match[1]), upper: match[2] === '' ? null : Number(match[2]) };
}

/**
 * The page of a request. The last `limit` and `offset` win when repeated; the `Range` header
 * counts on GET only (RFC 9110), intersected with them.
 */
export function requestedPage(
  params: URLSearchParams,
  rangeHeader: string | null,
  maxRows: number | null,
): Page {
  const limit = integer('limit', params.getAll('limit').filter(Boolean).at(-1));
  const offset = integer('offset', params.getAll('offset').filter(Boolean).at(-1));
  let fromParams: Bounds = ALL;
  if (limit !== null) fromParams = { lower: offset ?? 0, upper: (offset ?? 0) + limit - 1 };
  else if (offset !== null) fromParams = { lower: offset, upper: null };
  const header = headerBounds(rangeHeader);
  let range = isLimitZero(fromParams) ? fromParams : intersect(header, fromParams);
  if (isEmpty(range) && !isLimitZero(fromParams)) {
    throw rangeError(
      isEmpty(header)
        ? 'The lower boundary must be lower than or equal to the upper boundary in the Range header.'
        : 'Limit should be greater than or equal to zero.',
    );
  }
  if (maxRows !== null && !isLimitZero(range)) {
    range = intersect(range, { lower: 0, upper: range.lower + maxRows - 1 });
  }
  return {
    offset: range.lower,
    limit: range.upper === null ? null : range.upper - range.lower + 1,
  };
}
