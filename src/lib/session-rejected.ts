/**
 * Tells whoever listens (the back-office's auth provider) when the server refused the signed-in
 * session's token: a 401 from the data API or the functions, or a storage answer naming the token
 * (expired, bad signature). The public site registers no listener: it only reads public data.
 *
 * The self-hosted server adds why the session ended (`session_ended`, for example
 * `signed_out_others`) to its refusals, the auth server's included: the last one seen is kept for
 * the sign-in page to say what happened (docs/decisions/028-expired-session.md). Hosted Supabase
 * sends none; the page then says the session expired.
 */
type Listener = (reason: string | undefined) => void;
const listeners = new Set<Listener>();
let lastEndReason: string | undefined;

export function onSessionRejected(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Why the server last said a session of this page ended, if it said. */
export function lastSessionEndReason(): string | undefined {
  return lastEndReason;
}

const AUTH_PATH = /\/auth\/v1\//;
const TOKEN_WORDS = /jwt|jws|signature/i;
const REASON = /^[a-z_]{1,40}$/;

/** The `session_ended` of a refusal's JSON body, if there is one. */
async function endReason(response: Response): Promise<string | undefined> {
  if (![400, 401, 403].includes(response.status)) return undefined;
  try {
    const body = (await response.clone().json()) as { session_ended?: unknown };
    return typeof body.session_ended === 'string' && REASON.test(body.session_ended)
      ? body.session_ended
      : undefined;
  } catch {
    return undefined;
  }
}

async function rejectsSession(url: string, response: Response): Promise<boolean> {
  // The auth server's own refusals (a wrong password, a refresh refused) are handled by
  // supabase-js, which signs out when a refresh fails.
  if (AUTH_PATH.test(url)) return false;
  if (response.status === 401) return true;
  if (response.status !== 400 && response.status !== 403) return false;
  if (!/\/storage\/v1\//.test(url)) return false;
  try {
    const body = (await response.clone().json()) as { message?: unknown; error?: unknown };
    return TOKEN_WORDS.test(`${String(body.message)} ${String(body.error)}`);
  } catch {
    return false;
  }
}

/** `fetch`, watching every answer for a refused session (given to supabase-js as its fetch). */
export const sessionWatchingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (listeners.size > 0) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const reason = await endReason(response);
    // A refused refresh ends the session through supabase-js's sign-out: its reason is kept.
    if (reason) lastEndReason = reason;
    if (await rejectsSession(url, response)) for (const listener of listeners) listener(reason);
  }
  return response;
};
