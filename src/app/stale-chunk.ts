/**
 * A page's code that cannot be downloaded: after an update (a tab left open still asks for the
 * old build's files, which are gone) or on a dropped connection. Reloading the page fetches the
 * current build; it is done once, then the French error screen stays, so that a file missing for
 * good never reloads in a loop (docs/decisions/041-stale-code-reload.md).
 */

/** The messages of a failed dynamic import: Chromium, Firefox, Safari, then Vite's preload. */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** When this tab last reloaded for that reason (sessionStorage: this tab only). */
const MARKER = 'garage-site:chunk-reload-at';

/** A second failure within this time shows the error screen instead of reloading again. */
const GUARD_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return CHUNK_LOAD_FAILURE.test(message);
}

function lastReload(): number {
  try {
    return Number(window.sessionStorage.getItem(MARKER)) || 0;
  } catch {
    // Storage refused (private mode, policy): no marker can be kept, so no reload either.
    return Date.now();
  }
}

/** Whether this error is a chunk that failed to load and the page has not just reloaded for one. */
export function shouldReloadFor(error: unknown, now: number = Date.now()): boolean {
  return isChunkLoadError(error) && now - lastReload() > GUARD_MS;
}

/** Reloads the page, leaving the marker that stops the next failure from reloading it again. */
export function reloadForStaleChunk(now: number = Date.now()): void {
  try {
    window.sessionStorage.setItem(MARKER, String(now));
  } catch {
    return;
  }
  window.location.reload();
}
