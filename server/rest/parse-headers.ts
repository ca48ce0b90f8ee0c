import { invalidJson, RestError, unsupported } from './errors.ts';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  /** The `Preference-Applied` value, in PostgREST's order. */
  applied: string | null;
}

/** Reads `Prefer` (possibly repeated, comma-separated). Unknown preferences are ignored, as PostgREST does. */
export function parsePrefer(headers: Headers): Preferences {
  const values = (headers.get('prefer') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const prefs: Preferences = {
    return: null,
    count: false,
    resolution: null,
    missingDefault: false,
    applied: null,
  };
  let missing: string | null = null;
  for (const value of values) {
    const [key, val] = value.split('=').map((s) => s.trim());
    if (
      key === 'return' &&
      (val === 'minimal' || val === 'representation' || val === 'headers-only')
    ) {
      prefs.return = val;
    } else if (key === 'count') {
      if (val === 'exact') prefs.count = true;
      else if (val === 'planned' || val === 'estimated') {
        throw unsupported(`Prefer: count=${val}`, 'Seul count=exact est disponible.');
      }
    } else if (
      key === 'resolution' &&
      (val === 'merge-duplicates' || val === 'ignore-duplicates')
    ) {
      prefs.resolution = val;
    } else if (key === 'missing' && (val === 'default' || val === 'null')) {
      missing = val;
      prefs.missingDefault = val === 'default';
    } else if (key === 'params' || key === 'max-affected') {
      throw unsupported(`Prefer: ${value}`);
    }
  }
  const applied = [
    prefs.resolution && `resolution=${prefs.resolution}`,
    missing && `missing=${missing}`,
    prefs.return && `return=${prefs.return}`,
    prefs.count && 'count=exact',
  ].filter(Boolean);
  prefs.applied = applied.length > 0 ? applied.join(', ') : null;
  return prefs;
}

export type MediaType = 'json' | 'object';

const OBJECT_TYPE = 'application/vnd.pgrst.object+json';

/** Content negotiation over the two bodies this server produces: a JSON array or one JSON object. */
export function negotiate(headers: Headers): MediaType {
  const accept = headers.get('accept');
  if (!accept || accept.trim() === '') return 'json';
  const ranges = accept.split(',').map((part) => {
    const [type = '', ...params] = part.split(';').map((s) => s.trim());
    const extra = params.filter((p) => !/^(q|charset)=/i.test(p));
    return { type: type.toLowerCase(), extra };
  });
  for (const { type, extra } of ranges) {
    if (extra.length > 0) continue;
    if (type === OBJECT_TYPE || type === 'application/vnd.pgrst.object') return 'object';
    if (
      ['application/json', 'application/*', '*/*', 'application/vnd.pgrst.array+json'].includes(
        type,
      )
    )
      return 'json';
  }
  throw new RestError(415, 'PGRST107', `None of these media types are available: ${accept}`);
}

/** Only `public` is exposed, as with `PGRST_DB_SCHEMAS=public`. */
export function checkProfile(headers: Headers, method: string): void {
  const name = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = headers.get(name);
  if (profile !== null && profile !== 'public') {
    throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public');
  }
}

/** The request body as JSON text and value; PostgREST's PGRST102 when it is not JSON. */
export async function readJsonBody(
  request: Request,
  emptyAs?: string,
): Promise<{ text: string; value: unknown }> {
  const contentType = (request.headers.get('content-type') ?? 'application/json')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (contentType !== 'application/json' && contentType !== '') {
    throw invalidJson(`Content-Type not acceptable: ${request.headers.get('content-type')}`);
  }
  const text = await request.text();
  if (text.trim() === '' && emptyAs !== undefined)
    return { text: emptyAs, value: JSON.parse(emptyAs) };
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    throw invalidJson();
  }
}
