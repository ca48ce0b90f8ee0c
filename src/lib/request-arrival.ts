/**
 * The part of an arrival's category that needs none of the host lists of ./request-source.ts: a
 * page load without a referrer (direct) or from the site itself (no arrival). The browser decides
 * those on every page load without fetching the lists, which a visitor's first load does not
 * carry; request-source.ts answers them the same way, through this module.
 */

/** An absolute http(s) address, or null. */
export function httpUrl(value: string | null | undefined, base?: string): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The landing address's own word on the source (`?source=…`, `utm_source=…`), trimmed. */
export function taggedSource(params: URLSearchParams | undefined): string {
  return (params?.get('source') ?? params?.get('utm_source') ?? '').trim().toLowerCase();
}

/**
 * 'direct' for a load without a referrer, 'inside' for a move inside the site, 'elsewhere' for a
 * referrer on another site (the host lists tell which kind) — for a landing address that names no
 * source (one that does is always classified by the lists).
 */
export function referrerKind(
  referrer: string | null | undefined,
  ownHosts: readonly string[],
): 'direct' | 'inside' | 'elsewhere' {
  const from = httpUrl(referrer);
  if (!from) return 'direct';
  const host = from.hostname.toLowerCase();
  return ownHosts.some((own) => host === own.toLowerCase().replace(/:\d+$/, ''))
    ? 'inside'
    : 'elsewhere';
}
