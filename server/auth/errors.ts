import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** GoTrue's API version header; clients that send 2024-01-01 or later get `{code, message}` errors. */
export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

/**
 * An error GoTrue would answer with: HTTP status, GoTrue's error code and message. Messages that
 * GoTrue defines keep GoTrue's English words, since clients and logs match on them.
 */
export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const unprocessable = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthError(422, code, message, extra);

/** The API version the client asked for, when it is a date GoTrue knows (only 2024-01-01 exists). */
function requestedApiVersion(c: Context): string | undefined {
  const value = c.req.header(API_VERSION_HEADER);
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return value >= API_VERSION_2024 ? API_VERSION_2024 : undefined;
}

/** Echoes the API version back, as GoTrue does: auth-js reads error codes only when it is there. */
export function echoApiVersion(c: Context): void {
  const version = requestedApiVersion(c);
  if (version) c.header(API_VERSION_HEADER, version);
}

/** Writes the error in the shape the request's API version expects (see GoTrue's HandleResponseError). */
export function authErrorResponse(c: Context, error: AuthError): Response {
  echoApiVersion(c);
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  const body = requestedApiVersion(c)
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return c.json(body, error.status);
}

/** Reads a JSON object body, refusing anything else with GoTrue's `bad_json`. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: ${(error as Error).message}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return value as Record<string, unknown>;
}
