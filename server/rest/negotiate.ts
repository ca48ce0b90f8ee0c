/**
 * Media types as PostgREST 12 reads them: `Accept` ranked by q-value then specificity (wai's
 * `parseHttpAccept`), names matched case-sensitively, the first one produced wins.
 */
import { RestError, unsupported } from './errors.ts';

export type MediaType = 'json' | 'object';

interface Ranked {
  type: string;
  q: number;
  specificity: number;
}

/** wai's `parseHttpAccept`: spaces dropped, `;q=` split off, a stable sort by (q, specificity). */
function rankAccept(accept: string): string[] {
  const ranked: Ranked[] = accept.split(',').map((part) => {
    const compact = part.replace(/ /g, '');
    const at = compact.indexOf(';q=');
    const type = at < 0 ? compact : compact.slice(0, at);
    const qText = at < 0 ? '' : (compact.slice(at + 3).split(';')[0] ?? '');
    // Haskell's `reads` takes the longest number at the start; no number means 1.
    const match = /^\d+(\.\d+)?([eE][+-]?\d+)?/.exec(qText);
    const q = match ? Number(match[0]) : 1;
    const count = (c: string) => type.split(c).length - 1;
    return { type, q, specificity: count(';') - count('*') };
  });
  return ranked
    .map((r, i) => ({ ...r, i }))
    .sort((a, b) => b.q - a.q || b.specificity - a.specificity || a.i - b.i)
    .map((r) => r.type);
}

/** PostgREST's `decodeMediaType`, reduced to what the error message and the choice need. */
export function decode(type: string): { mime: string; produced: MediaType | 'refused' | null } {
  if (type === '') return { mime: '*/*', produced: 'json' };
  const [name = '', ...params] = type.split(';');
  const stripped = params.length === 1 && params[0] === 'nulls=stripped';
  switch (name) {
    case '*/*':
      return { mime: '*/*', produced: 'json' };
    case 'application/json':
      return { mime: name, produced: 'json' };
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripped
        ? { mime: `application/vnd.pgrst.array+json;nulls=stripped`, produced: 'refused' }
        : { mime: 'application/json', produced: 'json' };
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return stripped
        ? { mime: 'application/vnd.pgrst.object+json;nulls=stripped', produced: 'refused' }
        : { mime: 'application/vnd.pgrst.object+json', produced: 'object' };
    case 'text/csv':
    case 'application/geo+json':
      return { mime: name, produced: 'refused' };
    default:
      return { mime: name, produced: null };
  }
}

/**
 * The body to produce: a JSON array or one object. CSV, GeoJSON and stripped nulls, which
 * PostgREST also offers, are refused by name rather than answered as plain JSON.
 */
export function negotiate(headers: Headers): MediaType {
  const accept = headers.get('accept');
  if (accept === null) return 'json';
  const decoded = rankAccept(accept).map(decode);
  const chosen = decoded.find((d) => d.produced !== null);
  if (chosen?.produced === 'refused') {
    throw unsupported(
      `le format ${chosen.mime}`,
      'Seules les réponses JSON (tableau, ou objet avec application/vnd.pgrst.object+json) sont disponibles.',
    );
  }
  if (chosen) return chosen.produced as MediaType;
  throw new RestError(
    415,
    'PGRST107',
    `None of these media types are available: ${decoded.map((d) => d.mime).join(', ')}`,
  );
}

export function contentType(media: MediaType): string {
  return media === 'object'
    ? 'application/vnd.pgrst.object+json; charset=utf-8'
    : 'application/json; charset=utf-8';
}
