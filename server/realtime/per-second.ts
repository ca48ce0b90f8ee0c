/** Counts events in the current second. */
export class PerSecond {
  #window = 0;
  #count = 0;
  /** Counts one; the count within the current second. */
  hit(now = Date.now()): number {
    const window = Math.floor(now / 1000);
    if (window !== this.#window) {
      this.#window = window;
      this.#count = 0;
    }
    return ++this.#count;
  }
}
