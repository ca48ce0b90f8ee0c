/**
 * Tells whoever listens (the back-office's auth provider) when the server refused the signed-in
 * session's token: a 401 from the data API or the functions, or a storage answer naming the token
 * (expired, bad signature). The public site registers no listener: it only reads public data.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionRejected(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const AUTH_PATH = /\/auth\/v1\//;
const TOKEN_WORDS = /jwt|jws|signature/i;

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
    if (await rejectsSession(url, response)) for (const listener of listeners) listener();
  }
  return response;
};
