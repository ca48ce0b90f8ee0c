import type { ResultSet } from './aggregate.ts';
import { RestError } from './errors.ts';

/** PostgREST's `contentRangeH`: `lower-upper/total`, `*` for an empty range or an unknown total. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** The status of a read or a call from its range: 206 when the page is part of a known total. */
export function rangeStatus(
  offset: number,
  result: ResultSet,
  headers: Record<string, string> = {},
): number {
  const upper = offset + result.pageTotal - 1;
  if (result.total === null) return 200;
  if (offset > result.total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${result.total} rows.`,
      null,
      { ...headers, 'Content-Range': contentRange(offset, upper, result.total) },
    );
  }
  return 1 + upper - offset < result.total ? 206 : 200;
}

/**
 * The URL PostgREST echoes in `Content-Location`: parameters sorted by name, repeated names joined
 * with commas, values percent-encoded like Haskell's `urlEncode`.
 */
export function contentLocation(path: string, params: URLSearchParams): string {
  const encode = (s: string) =>
    encodeURIComponent(s).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  const grouped = new Map<string, string[]>();
  for (const [key, value] of params) grouped.set(key, [...(grouped.get(key) ?? []), value]);
  const query = [...grouped.keys()]
    .sort()
    .map((key) => `${encode(key)}=${grouped.get(key)!.map(encode).join(',')}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

export function respond(
  method: string,
  status: number,
  headers: Record<string, string | null | undefined>,
  body: string | null,
): Response {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== null && v !== undefined) clean[k] = v;
  const empty = method === 'HEAD' || status === 204 || body === null;
  return new Response(empty ? null : body, { status, headers: clean });
}
