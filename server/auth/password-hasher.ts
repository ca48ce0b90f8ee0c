import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/bcrypt';

const BCRYPT_COST = 10;

/**
 * bcrypt runs on libuv's thread pool (native, never on the event loop), at most `MAX_RUNNING` at
 * once, with at most `MAX_WAITING` more waiting their turn: a burst of sign-ins can neither stall
 * the pages nor queue without end. What is over the bound is refused (`PasswordHasherBusy`), the
 * sign-in answering 429. One core is always left to the event loop: on a two-core server a burst
 * of sign-ins hashes one at a time while the pages keep a core of their own.
 */
export const MAX_RUNNING = Math.max(1, availableParallelism() - 1);
export const MAX_WAITING = 32;

export class PasswordHasherBusy extends Error {}

let running = 0;
const waiting: (() => void)[] = [];

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw new PasswordHasherBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Hashes a new password. Rare (the administrator command, a password change): never refused. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { cost: BCRYPT_COST });
}

/** Compares a password with a stored hash, within the bound above. */
export function checkPassword(password: string, stored: string): Promise<boolean> {
  return bounded(() => verify(password, stored));
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash no password matches, compared against when the email is unknown so that answering
 * "no such user" takes as long as "wrong password".
 */
export function unknownUserHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/** Hashes under way and waiting, for tests and the benchmark. */
export function hasherLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
