/** Rendered pages kept per key, valid while the stamp they were rendered under holds. */
interface Entry<P> {
  page: P;
  stamp: string;
  expires: number;
}

export interface PageCacheOptions {
  /**
   * Upper bound on an entry's age. The stamp catches every content and post change; this bounds
   * what it deliberately ignores, the article's view count.
   */
  ttlMs: number;
  /** Entries kept at most (origins × paths, unknown slugs included); the oldest go first. */
  maxEntries: number;
}

export class PageCache<P> {
  readonly #entries = new Map<string, Entry<P>>();
  readonly #options: PageCacheOptions;

  constructor(options: PageCacheOptions) {
    this.#options = options;
  }

  get(key: string, stamp: string, now = Date.now()): P | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== stamp || entry.expires <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.page;
  }

  /** Keeps `page` for the time to live, and not after `notAfter` (a moment the page goes stale). */
  set(key: string, stamp: string, page: P, now = Date.now(), notAfter = Infinity): void {
    this.#entries.delete(key);
    const expires = Math.min(now + this.#options.ttlMs, notAfter);
    this.#entries.set(key, { page, stamp, expires });
    while (this.#entries.size > this.#options.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
