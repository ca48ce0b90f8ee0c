import type { GoTrueClient, Session } from '@supabase/supabase-js';
import { isAdminUser } from './is-admin.ts';

/** What signing in needs of an auth client: supabase-js's own, or auth-js's alone. */
export type SignInClient = Pick<
  GoTrueClient,
  'signInWithPassword' | 'signOut' | 'mfa' | 'getSession'
>;

export const WRONG_CREDENTIALS = 'Identifiants incorrects. Veuillez réessayer.';
const TOO_MANY_ATTEMPTS = 'Trop de tentatives de connexion. Réessayez dans quelques minutes.';
export const CODE_NEEDED =
  "Saisissez le code à 6 chiffres affiché par votre application d'authentification.";
export const WRONG_CODE = 'Code incorrect ou expiré. Réessayez avec le code affiché maintenant.';

export type SignInOutcome =
  | { ok: true; session: Session }
  | {
      ok: false;
      message: string;
      /**
       * Present when the password was right and the account has two-factor sign-in: the second
       * step, which checks a 6-digit code (docs/decisions/034-two-factor-sign-in.md).
       */
      verifyCode?: (code: string) => Promise<SignInOutcome>;
    };

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
  const level = await auth.mfa.getAuthenticatorAssuranceLevel();
  if (level.data?.nextLevel === 'aal2' && level.data.currentLevel !== 'aal2') {
    const factors = await auth.mfa.listFactors();
    const factor = factors.data?.totp[0];
    if (factor) return codeStep(auth, factor.id, CODE_NEEDED);
  }
  return { ok: true, session: data.session };
}

/** The second step: a code for `factorId`, as many tries as the server allows. */
export function codeStep(auth: SignInClient, factorId: string, message: string): SignInOutcome {
  return {
    ok: false,
    message,
    async verifyCode(code: string): Promise<SignInOutcome> {
      const { error } = await auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
      if (error) {
        console.error('Erreur de connexion', error);
        if (statusOf(error) === 429) {
          const text = error.message;
          return { ok: false, message: text.startsWith('Trop de') ? text : TOO_MANY_ATTEMPTS };
        }
        return codeStep(auth, factorId, WRONG_CODE);
      }
      const { data } = await auth.getSession();
      if (!data.session) return { ok: false, message: WRONG_CREDENTIALS };
      return { ok: true, session: data.session };
    },
  };
}
