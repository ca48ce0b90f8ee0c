import { use } from 'react';

export interface Preloadable<M> {
  /** Starts loading the module (once); resolves with it. */
  preload(): Promise<M>;
  /**
   * The module, synchronously once `preload()` has resolved; before that, suspends the calling
   * component until it has (so the caller sits inside a `<Suspense>`).
   */
  useModule(): M;
}

/**
 * A module fetched on demand that a server renderer can load before rendering. `React.lazy`
 * suspends on its first render even when the module is already there, so `renderToString` would
 * write its fallback; this renders the module's components at once when it was preloaded.
 */
export function preloadable<M>(load: () => Promise<M>): Preloadable<M> {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const preload = () => (pending ??= load().then((module) => (loaded = module)));
  return { preload, useModule: () => loaded ?? use(preload()) };
}
