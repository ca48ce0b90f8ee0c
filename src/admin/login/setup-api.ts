import type { GoTrueClient } from '@supabase/supabase-js';
import { authRequest } from '../../lib/auth-request.ts';

/** The server's session for the new account, as a password sign-in answers it. */
export interface SetupSession {
  access_token: string;
  refresh_token: string;
}

/** Why the server refused, in its French words, with GoTrue's error code. */
export interface SetupRefusal {
  code: string;
  message: string;
}

export const UNREACHABLE =
  "Le serveur n'a pas pu être joint. Vérifiez votre connexion, puis réessayez.";
const NO_SETUP =
  "Ce site ne crée pas son premier compte par un lien : suivez le guide d'installation (README).";

/**
 * The self-hosted server's setup endpoints (server/auth/setup.ts), asked through the page's auth
 * client before any session exists: `check` says whether the link can still create the account,
 * `create` creates it and answers with a session.
 */
export async function callSetup(
  auth: GoTrueClient,
  route: 'check' | 'create',
  body: Record<string, string>,
): Promise<{ ok: true; session?: SetupSession } | { ok: false; refusal: SetupRefusal }> {
  let res: Response;
  try {
    res = await authRequest(auth, route === 'check' ? 'setup/check' : 'setup', {
      method: 'POST',
      body,
    });
  } catch {
    return { ok: false, refusal: { code: 'network', message: UNREACHABLE } };
  }
  const json = (await res.json().catch(() => ({}))) as Partial<SetupRefusal & SetupSession>;
  if (res.ok) return { ok: true, session: route === 'create' ? (json as SetupSession) : undefined };
  if (res.status === 404) return { ok: false, refusal: { code: 'not_found', message: NO_SETUP } };
  return {
    ok: false,
    refusal: {
      code: json.code ?? String(res.status),
      message: typeof json.message === 'string' && json.message ? json.message : UNREACHABLE,
    },
  };
}
