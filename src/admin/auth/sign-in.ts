import type { GoTrueClient, Session } from '@supabase/supabase-js';
import { isAdminUser } from './is-admin.ts';

/** What signing in needs of an auth client: supabase-js's own, or auth-js's alone. */
export type SignInClient = Pick<GoTrueClient, 'signInWithPassword' | 'signOut'>;

export const WRONG_CREDENTIALS = 'Identifiants incorrects. Veuillez réessayer.';
const TOO_MANY_ATTEMPTS = 'Trop de tentatives de connexion. Réessayez dans quelques minutes.';

export type SignInOutcome = { ok: true; session: Session } | { ok: false; message: string };

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error
    ? Number(error.status)
    : undefined;
}

/**
 * Signs an administrator in (docs/decisions/002-secrets.md): a valid non-admin account is
 * signed out again and refused like a wrong password. A refusal for too many attempts (429) says
 * so in French, with our server's own words (which tell how long to wait) when it sent them.
 */
export async function signInAsAdmin(
  auth: SignInClient | null,
  email: string,
  password: string,
): Promise<SignInOutcome> {
  if (!auth) {
    console.error('Erreur de connexion', 'Supabase non configuré');
    return { ok: false, message: WRONG_CREDENTIALS };
  }
  const { data, error } = await auth.signInWithPassword({ email, password });
  if (error || !data.session) {
    console.error('Erreur de connexion', error);
    if (statusOf(error) === 429) {
      const message = error?.message ?? '';
      return { ok: false, message: message.startsWith('Trop de') ? message : TOO_MANY_ATTEMPTS };
    }
    return { ok: false, message: WRONG_CREDENTIALS };
  }
  if (!isAdminUser(data.user)) {
    console.error('Erreur de connexion', "ce compte n'a pas les droits d'administration");
    await auth.signOut({ scope: 'local' });
    return { ok: false, message: WRONG_CREDENTIALS };
  }
  return { ok: true, session: data.session };
}
