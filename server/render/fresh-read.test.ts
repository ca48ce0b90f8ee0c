import { describe, expect, it } from 'vitest';
import { freshRead } from './fresh-read.server.ts';
import { PageCache } from './page-cache.server.ts';

describe('freshRead', () => {
  it('shares reads among concurrent callers, each reading after it called', async () => {
    let version = 0;
    let reads = 0;
    let finishFirst!: () => void;
    const firstRunning = new Promise<void>((resolve) => (finishFirst = resolve));
    const read = freshRead(async () => {
      reads += 1;
      const seen = version;
      await firstRunning;
      return seen;
    });
    const first = read();
    version = 1; // a write that commits while the first read is running
    const later = [read(), read(), read()];
    finishFirst();
    expect(await first).toBe(0);
    expect(await Promise.all(later)).toEqual([1, 1, 1]);
    expect(reads).toBe(2);
  });
});

describe('PageCache', () => {
  const sizeOf = (page: { html: string }) => page.html.length;

  it('drops an entry when the stamp moves or its time is up', () => {
    const cache = new PageCache<{ html: string }>({ ttlMs: 1000, maxBytes: 100, sizeOf });
    cache.set('/', 'a', { html: 'x' }, 0);
    expect(cache.get('/', 'a', 10)?.html).toBe('x');
    expect(cache.get('/', 'b', 10)).toBeUndefined();
    cache.set('/', 'a', { html: 'x' }, 0);
    expect(cache.get('/', 'a', 1000)).toBeUndefined();
  });

  it('keeps at most maxBytes, dropping the least recently used page first', () => {
    const cache = new PageCache<{ html: string }>({ ttlMs: 1000, maxBytes: 10, sizeOf });
    cache.set('/1', 'a', { html: '1111' }, 0);
    cache.set('/2', 'a', { html: '2222' }, 0);
    expect(cache.get('/1', 'a', 1)?.html).toBe('1111'); // /2 is now the least recently used
    cache.set('/3', 'a', { html: '3333' }, 0);
    expect(cache.bytes).toBe(8);
    expect(cache.get('/2', 'a', 1)).toBeUndefined();
    expect(cache.get('/1', 'a', 1)?.html).toBe('1111');
    expect(cache.get('/3', 'a', 1)?.html).toBe('3333');
    cache.set('/big', 'a', { html: 'x'.repeat(11) }, 0);
    expect(cache.get('/big', 'a', 1)).toBeUndefined();
    expect(cache.bytes).toBe(8);
  });

  it('drops an entry at its notAfter moment when that comes before the time to live', () => {
    const cache = new PageCache<string>({ ttlMs: 1000, maxBytes: 100, sizeOf: (p) => p.length });
    cache.set('/blog', 'a', 'page', 0, 300);
    expect(cache.get('/blog', 'a', 299)).toBe('page');
    expect(cache.get('/blog', 'a', 300)).toBeUndefined();
    cache.set('/blog', 'a', 'page', 0, 5000);
    expect(cache.get('/blog', 'a', 999)).toBe('page');
    expect(cache.get('/blog', 'a', 1000)).toBeUndefined();
  });
});
