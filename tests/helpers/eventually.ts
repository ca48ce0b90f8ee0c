/**
 * Waits for a positive marker: polls `check` until it returns a value (not undefined, null or
 * false) and returns it, or fails naming `what` after `ms`. Tests wait this way, never for a fixed
 * time: a fast machine goes on at once, a slow one gets the whole deadline (a lint rule keeps
 * fixed sleeps out of the tests).
 */
export async function eventually<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { ms = 15_000, every = 20 }: { ms?: number; every?: number } = {},
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
