import type { GoTrueClient } from '@supabase/supabase-js';

/** What auth-js builds its own requests from (fields its types mark protected). */
interface AuthSettings {
  url: string;
  headers: Record<string, string>;
  fetch: typeof globalThis.fetch;
}

/** The auth API version supabase-js asks for: GoTrue's errors then carry their `code`. */
const API_VERSION = '2024-01-01';

function settingsOf(auth: GoTrueClient): AuthSettings {
  const { url, headers, fetch } = auth as unknown as Partial<AuthSettings>;
  if (typeof url !== 'string' || typeof headers !== 'object' || typeof fetch !== 'function') {
    // A supabase-js upgrade renamed them: the tests of the callers fail on this.
    throw new Error("Le client d'authentification n'expose plus son adresse.");
  }
  return { url, headers, fetch };
}

export interface AuthRequest {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** An access token to send instead of the client's key (to end a session of one's own). */
  bearer?: string;
}

/**
 * A request to the auth server for what auth-js has no method for (our server's `/settings` field
 * and first-administrator setup, a password check that must not replace the signed-in session),
 * sent as the client sends its own: to its address, with its headers (the anon key, as key and
 * bearer) and through its fetch. `path` is relative to `…/auth/v1/`. A network failure rejects, as
 * `fetch` does. (docs/decisions/083-one-client-in-the-back-office.md)
 */
export function authRequest(
  auth: GoTrueClient,
  path: string,
  { method = 'GET', body, bearer }: AuthRequest = {},
): Promise<Response> {
  const { url, headers, fetch } = settingsOf(auth);
  return fetch(`${url}/${path}`, {
    method,
    headers: {
      ...headers,
      'X-Supabase-Api-Version': API_VERSION,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
