/** Rendered HTML kept per page and valid while the content stamp it was rendered under holds. */
export interface CachedPage {
  status: number;
  html: string;
}

interface Entry extends CachedPage {
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

export class PageCache {
  readonly #entries = new Map<string, Entry>();
  readonly #options: PageCacheOptions;

  constructor(options: PageCacheOptions) {
    this.#options = options;
  }

  get(key: string, stamp: string, now = Date.now()): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== stamp || entry.expires <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, stamp: string, page: CachedPage, now = Date.now()): void {
    this.#entries.delete(key);
    this.#entries.set(key, { ...page, stamp, expires: now + this.#options.ttlMs });
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
