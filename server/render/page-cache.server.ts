/** Rendered pages kept per key, valid while the stamp they were rendered under holds. */
interface Entry<P> {
  page: P;
  stamp: string;
  expires: number;
  bytes: number;
}

export interface PageCacheOptions<P> {
  /**
   * Upper bound on an entry's age. The stamp catches every content and post change; this bounds
   * what it deliberately ignores, the article's view count.
   */
  ttlMs: number;
  /** Bytes kept at most, over every entry; the least recently used go first. */
  maxBytes: number;
  /** The bytes one page holds in memory. */
  sizeOf: (page: P) => number;
}

/**
 * Keys are paths only (the public origin is fixed), and the whole cache is bounded in bytes, so
 * no request, whatever its Host header or however many unknown paths it tries, can make the
 * cache grow past its bound.
 */
export class PageCache<P> {
  readonly #entries = new Map<string, Entry<P>>();
  readonly #options: PageCacheOptions<P>;
  #bytes = 0;

  constructor(options: PageCacheOptions<P>) {
    this.#options = options;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Whether a page is kept for `key`, valid or not (a cheap test before reading a stamp). */
  has(key: string): boolean {
    return this.#entries.has(key);
  }

  get(key: string, stamp: string, now = Date.now()): P | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== stamp || entry.expires <= now) {
      this.#delete(key, entry);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.page;
  }

  /** Keeps `page` for the time to live, and not after `notAfter` (a moment the page goes stale). */
  set(key: string, stamp: string, page: P, now = Date.now(), notAfter = Infinity): void {
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    const bytes = this.#options.sizeOf(page);
    if (bytes > this.#options.maxBytes) return;
    const expires = Math.min(now + this.#options.ttlMs, notAfter);
    this.#entries.set(key, { page, stamp, expires, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#delete(oldest, entry);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #delete(key: string, entry: Entry<P>): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
