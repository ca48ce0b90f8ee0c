/** `count` colours (#rrggbb) spread over the whole cube, the same on every run. */
export function sampleColours(count: number, seed = 7): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
  return Array.from(
    { length: count },
    () => `#${(next() % 0x1000000).toString(16).padStart(6, '0')}`,
  );
}
