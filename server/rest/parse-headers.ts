import { invalidJson, RestError, unsupported } from './errors.ts';
import { checkJsonDepth } from './limits.ts';
import { decode } from './negotiate.ts';

/** Only `public` is exposed, as with `PGRST_DB_SCHEMAS=public`. */
export function checkProfile(headers: Headers, method: string): void {
  const name = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = headers.get(name);
  if (profile !== null && profile !== 'public') {
    throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public');
  }
}

/**
 * The request body as JSON text and value. The media type is matched as PostgREST matches it
 * (case-sensitively); the bodies it also reads as CSV or form data are refused by name.
 */
export async function readJsonBody(
  request: Request,
  emptyAs?: string,
): Promise<{ text: string; value: unknown }> {
  const type = request.headers.get('content-type') ?? 'application/json';
  const name = type.split(';')[0];
  if (name === 'text/csv' || name === 'application/x-www-form-urlencoded') {
    throw unsupported(`un corps ${name}`, 'Envoyez le corps en JSON (application/json).');
  }
  const { mime } = decode(type);
  if (mime !== 'application/json') throw invalidJson(`Content-Type not acceptable: ${mime}`);
  const text = await request.text();
  if (text.trim() === '' && emptyAs !== undefined)
    return { text: emptyAs, value: JSON.parse(emptyAs) };
  checkJsonDepth(text);
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    throw invalidJson();
  }
}
