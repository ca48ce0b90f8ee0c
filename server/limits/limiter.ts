import { createHmac } from 'node:crypto';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type pg from 'pg';

/** At most `points` per `seconds`, per key. */
export interface Rate {
  points: number;
  seconds: number;
}

/** Allowed, or refused until `retryAfterSeconds` from now. */
export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Turns a key holding a client address into what the counters keep: an HMAC under a salt that
 * changes every day (UTC). Addresses are never kept as such, not even in memory, and a counter
 * store shared by several processes only ever sees these hashes. The salt derives from the JWT
 * secret, so every process of one site computes the same hash the same day.
 */
export function dailyKeyHasher(
  secret: string,
  now: () => number = Date.now,
): (key: string) => string {
  let day = '';
  let salt = Buffer.alloc(0);
  return (key) => {
    const today = new Date(now()).toISOString().slice(0, 10);
    if (today !== day) {
      day = today;
      salt = createHmac('sha256', secret).update(`rate-limit-salt:${today}`).digest();
    }
    return createHmac('sha256', salt).update(key).digest('base64url').slice(0, 22);
  };
}

/** Makes the counter store of one limit; in memory unless the site runs several processes. */
export type StoreFactory = (name: string, rate: Rate) => RateLimiterAbstract;

export const memoryStore: StoreFactory = (name, rate) =>
  new RateLimiterMemory({ keyPrefix: name, points: rate.points, duration: rate.seconds });

/**
 * Counters in PostgreSQL (garage_server.rate_limits, made by server/db/bootstrap.sql), shared by
 * every server process on that database: a limit then holds for the site, not for each process.
 */
export function postgresStore(pool: pg.Pool): StoreFactory {
  return (name, rate) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      schemaName: 'garage_server',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: true,
      keyPrefix: name,
      points: rate.points,
      duration: rate.seconds,
    });
}

/**
 * One named limit over keys (a client address, an address and an email…), on the library's
 * fixed-window counters. A rate of 0 points means no limit.
 */
export class Limiter {
  readonly #store: RateLimiterAbstract | undefined;

  constructor(
    readonly name: string,
    readonly rate: Rate,
    private readonly hash: (key: string) => string,
    store: StoreFactory = memoryStore,
  ) {
    this.#store = rate.points > 0 ? store(name, rate) : undefined;
  }

  /** Takes `points` from the key's allowance, or says when to come back. */
  async take(key: string, points = 1): Promise<Verdict> {
    if (!this.#store) return { ok: true };
    try {
      await this.#store.consume(this.hash(key), points);
      return { ok: true };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes)
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)),
        };
      throw refusal;
    }
  }

  /** Gives back points taken for something that did not count (a sign-in that succeeded). */
  async giveBack(key: string, points = 1): Promise<void> {
    await this.#store?.reward(this.hash(key), points);
  }

  /** Points taken so far in the key's current window. */
  async used(key: string): Promise<number> {
    const state = await this.#store?.get(this.hash(key));
    return state?.consumedPoints ?? 0;
  }

  async forget(key: string): Promise<void> {
    await this.#store?.delete(this.hash(key));
  }
}
