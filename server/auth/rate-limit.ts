import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { AuthError } from './errors.ts';

/**
 * Failed sign-ins per email and per client address over a sliding window. In memory: the
 * self-hosted server is one process, and a restart forgetting the counts is acceptable.
 */
export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();
  private operations = 0;

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 when either key has used up its failures within the window. */
  check(keys: string[]): void {
    const now = this.now();
    let retryAt = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.maxFailures) {
        retryAt = Math.max(retryAt, recent[recent.length - this.maxFailures]! + this.windowMs);
      }
    }
    if (retryAt === 0) return;
    const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new AuthError(
      429,
      'over_request_rate_limit',
      `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
      {},
      { 'Retry-After': String(seconds) },
    );
  }

  recordFailure(keys: string[]): void {
    const now = this.now();
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
    if (++this.operations % 1000 === 0) this.sweep(now);
  }

  /** A successful sign-in clears its email's failures; the address keeps its count. */
  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
  }

  /** Drops keys whose failures all left the window, so memory stays bounded. */
  private sweep(now: number): void {
    for (const key of [...this.failures.keys()]) {
      const recent = this.recent(key, now);
      if (recent.length === 0) this.failures.delete(key);
      else this.failures.set(key, recent);
    }
  }
}

/**
 * The client's address: the socket's peer. X-Forwarded-For is believed only when TRUST_PROXY says a
 * reverse proxy sits in front (its last entry is the address that proxy saw), since anyone can
 * send that header to dodge the per-address limit.
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

function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
