import type { DehydratedState } from '@tanstack/react-query';

/** Id of the `<script type="application/json">` block that carries the server's query cache. */
export const HYDRATION_ELEMENT_ID = 'hydration-data';

export interface HydrationData {
  /** The path the HTML was rendered for: a static host may serve it for another one. */
  path: string;
  /**
   * True when the server read the data for this very response (self-hosted server); false for a
   * page prerendered at build time, whose data the browser refreshes once the page is shown.
   */
  live: boolean;
  state: DehydratedState;
}

/** `/blog/` and `/blog` are one page. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The block's text: `<` escaped, so no stored text can close the script element. */
export function serializeHydrationData(data: HydrationData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The server's data when the page was rendered for the current path, else null. */
export function readHydrationData(doc: Document, pathname: string): HydrationData | null {
  const text = doc.getElementById(HYDRATION_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as HydrationData;
    return normalizePath(data.path) === normalizePath(pathname) ? data : null;
  } catch {
    return null;
  }
}
