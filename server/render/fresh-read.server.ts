/**
 * Wraps a read so that every caller gets a result read after it called, while concurrent callers
 * share one read: a caller arriving during a read waits for the next one, which serves everyone
 * who arrived meanwhile. Under load that is one database query per batch of requests, and still
 * no request can see a stamp older than its own arrival (a write that committed before it).
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;

  function start(): Promise<T> {
    const current = read().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  }

  return function call(): Promise<T> {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
