import { BROWSER_MEMORY_MONTHS } from '../../lib/retention.ts';

/**
 * What the site keeps in a visitor's browser (the last counted visit, the closed pop-up) is
 * forgotten BROWSER_MEMORY_MONTHS after it was first written, and writing it again does not move
 * that date: the CNIL's limit for an audience-measurement tracker exempt from consent
 * (docs/legal.md#privacy). Local storage has no expiry of its own, so the date of the first write
 * is kept beside the value, under `<key>Since`, and checked whenever the value is read.
 */
export const sinceKey = (key: string): string => `${key}Since`;

/** The moment a value first written at `since` must be forgotten. */
export function forgetAt(since: number): number {
  const date = new Date(since);
  date.setUTCMonth(date.getUTCMonth() + BROWSER_MEMORY_MONTHS);
  return date.getTime();
}

/** Removes a value and the date it was first written. */
export function forget(store: Storage, key: string): void {
  store.removeItem(key);
  store.removeItem(sinceKey(key));
}

/**
 * The value under `key`, or null when there is none or it has outlived its lifetime (then it is
 * removed). A value written by an earlier version, without a date, starts its lifetime now; so
 * does one dated in the future (the clock was set back).
 */
export function recall(store: Storage, key: string, now: number): string | null {
  const value = store.getItem(key);
  if (value === null) {
    store.removeItem(sinceKey(key));
    return null;
  }
  const since = Date.parse(store.getItem(sinceKey(key)) ?? '');
  if (Number.isNaN(since) || since > now) {
    store.setItem(sinceKey(key), new Date(now).toISOString());
    return value;
  }
  if (now >= forgetAt(since)) {
    forget(store, key);
    return null;
  }
  return value;
}

/** Writes `value` under `key`, keeping the date of the first write when there is one. */
export function remember(store: Storage, key: string, value: string, now: number): void {
  recall(store, key, now);
  if (store.getItem(sinceKey(key)) === null) {
    store.setItem(sinceKey(key), new Date(now).toISOString());
  }
  store.setItem(key, value);
}
