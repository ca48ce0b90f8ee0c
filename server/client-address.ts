import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { isIPv6 } from 'node:net';

/** `::ffff:1.2.3.4` is the IPv4 client 1.2.3.4 seen through a dual-stack socket. */
export function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * The client's address: the socket's peer. X-Forwarded-For is believed only when TRUST_PROXY says a
 * reverse proxy sits in front (its last entry is the address that proxy saw), since anyone can
 * send that header to dodge the per-address limits.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return normalizeAddress(forwarded);
  }
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return normalizeAddress(address);
  } catch {
    // No socket: the request came through selfFetch, from inside this process.
  }
  return 'internal';
}

/**
 * The part of an address that one client controls, for counting: an IPv4 address, or the /64
 * network of an IPv6 one (a single subscriber usually holds a whole /64, and could otherwise
 * take a fresh address for every request).
 */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
