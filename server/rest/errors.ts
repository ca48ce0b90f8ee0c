import { isPgError } from '../db/database.ts';
import { describeError, log } from '../log.ts';

/** An error answered the way PostgREST answers it: a status and a `{code, details, hint, message}` body. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** PGRST100: a query parameter that does not parse. */
export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

/** Something PostgREST supports but this server deliberately does not: said plainly, never half-done. */
export function unsupported(what: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', `Non pris en charge par ce serveur : ${what}`, details);
}

export function invalidJson(message = 'Empty or invalid json'): RestError {
  return new RestError(400, 'PGRST102', message);
}

/** What PostgREST answers when a table or a column named in the request is not in its schema cache. */
export function unknownColumn(table: string, column: string): RestError {
  return new RestError(400, '42703', `column ${table}.${column} does not exist`);
}

export function unknownPayloadColumn(table: string, column: string): RestError {
  return new RestError(400, 'PGRST204', `Column '${column}' of relation '${table}' does not exist`);
}

export function unknownTable(table: string): RestError {
  return new RestError(404, '42P01', `relation "public.${table}" does not exist`);
}

export function notSingular(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  );
}

/**
 * The HTTP status PostgREST 12 gives a Postgres error (its `pgErrorStatus` table). A permission
 * error is 401 for the anonymous role (log in and retry) and 403 for a signed-in one.
 */
export function pgErrorStatus(code: string, authenticated: boolean): number {
  if (code === '42501') return authenticated ? 403 : 401;
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    '57P01': 503,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    P0001: 400,
  };
  if (exact[code] !== undefined) return exact[code];
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  const cls = code.slice(0, 2);
  if (byClass[cls] !== undefined) return byClass[cls];
  if (cls === 'PT') {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  return 400;
}

function clientAborted(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (
    code === 'ECONNRESET' ||
    code === 'ABORT_ERR' ||
    (error instanceof Error && (error.name === 'AbortError' || error.message === 'aborted'))
  );
}

/** Turns whatever a request threw into PostgREST's error response. */
export function toRestError(error: unknown, authenticated: boolean): RestError {
  if (error instanceof RestError) return error;
  if (isPgError(error)) {
    const status = pgErrorStatus(error.code, authenticated);
    return new RestError(
      status,
      error.code,
      error.message,
      error.detail || null,
      error.hint || null,
      status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
    );
  }
  // A client that went away while its body was read: nothing to answer, nothing broken.
  if (clientAborted(error))
    log.info(`Requête /rest/v1 interrompue par le client : ${describeError(error)}`);
  else log.error(`Erreur inattendue dans /rest/v1 : ${describeError(error)}`);
  return new RestError(500, 'PGRST000', 'Erreur interne du serveur');
}

export function errorResponse(error: RestError, method: string): Response {
  // Key order as PostgREST writes it, so bodies compare byte for byte.
  const body = JSON.stringify({
    code: error.code,
    details: error.details,
    hint: error.hint,
    message: error.message,
  });
  return new Response(method === 'HEAD' ? null : body, {
    status: error.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...error.headers },
  });
}
