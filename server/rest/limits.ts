/**
 * Every bound on what one /rest/v1 request may ask of the database, with the reason for each.
 * Refusals here happen before any SQL runs, so an abusive request costs a parse, not a query.
 */
import { RestError } from './errors.ts';

/*
 * Two bounds are configuration (`server/config.ts`), 0 meaning none:
 * - `maxRows` (API_MAX_ROWS, 1,000): rows per read (tables and functions returning rows) unless a
 *   smaller `limit` is asked, as PostgREST's `db-max-rows`, so no page grows with a table.
 * - `maxResponseBytes` (API_MAX_RESPONSE_BYTES, 5 MB): one response body, estimated in SQL before
 *   the JSON is built. A thousand long articles could otherwise make Postgres, then Node, hold
 *   hundreds of megabytes for one request, and eight such requests at once take the process past
 *   its memory budget (WebAssembly memory never shrinks). Every list the site and the back-office
 *   read is paginated, so 5 MB is still far above the largest answer they ask for.
 */

/**
 * Nesting of JSON a request sends: its body, and its filter values. Postgres parses JSON
 * recursively; in PGlite (WebAssembly) a few thousand levels overflow its stack and kill the query
 * with a meaningless 500 (`bad buffer ID`). No content the site stores comes near 32 levels.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Output columns of a `select` (a `*` counts as all of its columns). Postgres refuses more than
 * 1,664 (54011) after planning; a few hundred is already more than any client needs.
 */
export const MAX_SELECT_COLUMNS = 200;

/**
 * Parentheses nesting in `select` and in `or`/`and` trees. The grammar is recursive, in our parser
 * and in Postgres' expression tree; deep nesting would only exhaust a stack.
 */
export const MAX_NESTING = 16;

// Postgres' own code for "program limit exceeded", the nearest standard name for these refusals;
// 400 because the client can always ask for less.
const LIMIT_EXCEEDED = '54000';

function tooComplex(what: string, bound: number): RestError {
  return new RestError(
    400,
    LIMIT_EXCEEDED,
    `Requête trop complexe : ${what}`,
    `La limite est de ${bound}.`,
    'Simplifiez la requête.',
  );
}

/** The depth of `[`/`{` nesting in JSON text (strings skipped), without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) max = Math.max(max, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return max;
}

export function checkJsonDepth(text: string): void {
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw tooComplex('le corps JSON est imbriqué trop profondément', MAX_JSON_DEPTH);
  }
}

/**
 * A filter value, which Postgres parses as JSON when the column is json or jsonb (`eq`, `in`, and
 * the same inside `or`/`and`): the same bound as a body. Checked whatever the column, so that one
 * rule covers tables, views and function results alike; no other value comes near 32 levels.
 */
export function checkFilterValueDepth(column: string, value: string): void {
  if (jsonDepth(value) > MAX_JSON_DEPTH) {
    throw tooComplex(
      `la valeur du filtre sur ${column} est imbriquée trop profondément`,
      MAX_JSON_DEPTH,
    );
  }
}

/** Parentheses nesting of a parameter, checked before the recursive grammar reads it. */
export function checkNesting(param: string, value: string): void {
  let depth = 0;
  for (const c of value) {
    if (c === '(') depth++;
    else if (c === ')') depth--;
    if (depth > MAX_NESTING) {
      throw tooComplex(`le paramètre ${param} est imbriqué trop profondément`, MAX_NESTING);
    }
  }
}

export function checkSelectColumns(count: number): void {
  if (count > MAX_SELECT_COLUMNS) {
    throw tooComplex(`select demande ${count} colonnes`, MAX_SELECT_COLUMNS);
  }
}

/** The answer when the estimated body is over `maxResponseBytes`: nothing was built. */
export function responseTooLarge(estimate: number, maxBytes: number): RestError {
  const size = (n: number) =>
    n >= 1_000_000
      ? `${(n / 1_000_000).toFixed(1).replace('.', ',')} Mo`
      : `${Math.ceil(n / 1000)} ko`;
  return new RestError(
    400,
    LIMIT_EXCEEDED,
    'Réponse trop volumineuse : demandez moins de lignes (limit) ou moins de colonnes (select).',
    `Environ ${size(estimate)} pour ${size(maxBytes)} au maximum.`,
  );
}
