import { describe, expect, it } from 'vitest';
import { forgetAt, recall, remember, sinceKey } from './browser-memory.ts';
import { LAST_HOME_VISIT_KEY, recordHomeVisit, VISIT_COUNTING_OFF_KEY } from './record-visit.ts';

/** The Web Storage interface over a Map, as a browser's localStorage behaves. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const FIRST = Date.parse('2026-01-31T10:00:00Z');
const KEY = 'popupDismissed';

describe('what the site keeps in the browser', () => {
  it('is forgotten 13 months after it was first written', () => {
    expect(new Date(forgetAt(FIRST)).toISOString()).toBe('2027-03-03T10:00:00.000Z');
    const store = new MemoryStorage();
    remember(store, KEY, 'a1b2c3d4', FIRST);
    expect(recall(store, KEY, forgetAt(FIRST) - 1)).toBe('a1b2c3d4');
    expect(recall(store, KEY, forgetAt(FIRST))).toBeNull();
    expect(store.length).toBe(0);
  });

  it('is not kept longer by writing it again', () => {
    const store = new MemoryStorage();
    remember(store, KEY, 'first', FIRST);
    remember(store, KEY, 'second', FIRST + 300 * 86_400_000);
    expect(recall(store, KEY, forgetAt(FIRST) - 1)).toBe('second');
    expect(recall(store, KEY, forgetAt(FIRST))).toBeNull();
    // Written again once forgotten: a new lifetime starts.
    remember(store, KEY, 'third', forgetAt(FIRST));
    expect(store.getItem(sinceKey(KEY))).toBe(new Date(forgetAt(FIRST)).toISOString());
  });

  it('dates a value written by an earlier version from the first time it is read', () => {
    const store = new MemoryStorage();
    store.setItem(KEY, 'old');
    expect(recall(store, KEY, FIRST)).toBe('old');
    expect(recall(store, KEY, forgetAt(FIRST))).toBeNull();
  });
});

describe('the home visit counter in the browser', () => {
  const withStorage = async (store: Storage, run: () => Promise<void>) => {
    const previous = globalThis.window;
    // recordHomeVisit reads window.localStorage; no request is sent when counting is off or due
    // to nothing, which is what these cases check.
    globalThis.window = { localStorage: store } as unknown as Window & typeof globalThis;
    try {
      await run();
    } finally {
      globalThis.window = previous;
    }
  };

  it('drops a last visit first stored more than 13 months ago', async () => {
    const store = new MemoryStorage();
    const now = forgetAt(FIRST);
    // Within 6 hours, so nothing would be sent if the time were still remembered.
    store.setItem(LAST_HOME_VISIT_KEY, new Date(now - 60_000).toISOString());
    store.setItem(sinceKey(LAST_HOME_VISIT_KEY), new Date(FIRST).toISOString());
    await withStorage(store, async () => {
      await recordHomeVisit(now - 1);
      expect(store.getItem(sinceKey(LAST_HOME_VISIT_KEY))).toBe(new Date(FIRST).toISOString());
    });
    expect(recall(store, LAST_HOME_VISIT_KEY, now)).toBeNull();
  });

  it('sends and stores nothing once the visitor turned the counting off', async () => {
    const store = new MemoryStorage();
    store.setItem(VISIT_COUNTING_OFF_KEY, '2026-01-01T00:00:00.000Z');
    await withStorage(store, () => recordHomeVisit(FIRST));
    expect(store.getItem(LAST_HOME_VISIT_KEY)).toBeNull();
  });
});
