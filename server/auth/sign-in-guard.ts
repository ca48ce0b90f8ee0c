import type { Limits } from '../limits/index.ts';
import { AuthError } from './errors.ts';

/**
 * Failed sign-ins for one email from anywhere, beyond which each attempt for that email waits a
 * little more before its password is checked, up to `SLOWDOWN_MAX_MS`. Guessing spread over many
 * addresses is slowed; the right password is never refused for it.
 * docs/decisions/006-bounded-for-the-open-internet.md gives the reasons.
 */
const SLOWDOWN_AFTER = 10;
const SLOWDOWN_STEP_MS = 100;
const SLOWDOWN_MAX_MS = 2_000;

export function tooManyAttempts(retryAfterSeconds: number): AuthError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} seconde${retryAfterSeconds > 1 ? 's' : ''}`
      : `${minutes} minute${minutes > 1 ? 's' : ''}`;
  return new AuthError(
    429,
    'over_request_rate_limit',
    `Trop de tentatives de connexion. Réessayez dans ${wait}.`,
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** A sign-in attempt, counted before its password is checked. */
export interface Attempt {
  /** How long to wait before checking the password (the per-email slowdown). */
  delayMs: number;
  /** The password was right: this attempt and the pair's earlier failures no longer count. */
  succeeded(): Promise<void>;
  /** The password was wrong: the attempt stays counted. */
  failed(): Promise<void>;
  /** The password could not be checked (server busy): the attempt does not count. */
  cancelled(): Promise<void>;
}

/**
 * Counts sign-in attempts before the password is checked, so that attempts sent in parallel are
 * counted as they arrive rather than as they finish: per (email, address) and per address, both
 * refusing with 429 once used up. A wrong password from one address never stops the right one
 * from another address.
 */
export async function reserveAttempt(
  limits: Limits,
  email: string,
  address: string,
): Promise<Attempt> {
  const pair = `${email} ${address}`;
  const byPair = await limits.signInPair.take(pair);
  if (!byPair.ok) throw tooManyAttempts(byPair.retryAfterSeconds);
  const byAddress = await limits.signInAddress.take(address);
  if (!byAddress.ok) {
    await limits.signInPair.giveBack(pair);
    throw tooManyAttempts(byAddress.retryAfterSeconds);
  }
  const failures = await limits.signInEmail.used(email);
  const excess = failures - SLOWDOWN_AFTER;
  return {
    delayMs: excess > 0 ? Math.min(SLOWDOWN_MAX_MS, excess * SLOWDOWN_STEP_MS) : 0,
    async succeeded() {
      await limits.signInPair.forget(pair);
      await limits.signInAddress.giveBack(address);
    },
    async failed() {
      await limits.signInEmail.take(email);
    },
    async cancelled() {
      await limits.signInPair.giveBack(pair);
      await limits.signInAddress.giveBack(address);
    },
  };
}
