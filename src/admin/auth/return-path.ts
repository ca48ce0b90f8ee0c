// Plain functions and constants only: the login page (src/admin/login/) loads this without React.

/** The sign-in page's parameters: where to come back to, and why the owner was sent there. */
export const RETURN_PARAM = 'retour';
export const EXPIRED_PARAM = 'session';
export const EXPIRED_VALUE = 'expiree';
export const SESSION_EXPIRED_MESSAGE = 'Votre session a expiré, reconnectez-vous';

/**
 * Why a session ended, as the server says it (`session_ended`), to the sign-in page's parameter
 * and its sentence. Anything else, or nothing (hosted Supabase), is an expired session.
 */
const SESSION_ENDS: Record<string, { value: string; message: string }> = {
  signed_out_others: {
    value: 'deconnectee-ailleurs',
    message:
      'Vous avez été déconnecté depuis un autre appareil (« Déconnecter mes autres appareils »). ' +
      'Reconnectez-vous pour continuer.',
  },
  signed_out_everywhere: {
    value: 'deconnectee-partout',
    message:
      'Vous avez été déconnecté de tous vos appareils (« Déconnecter partout »). ' +
      'Reconnectez-vous pour continuer.',
  },
  password_changed: {
    value: 'mot-de-passe-change',
    message:
      'Le mot de passe du compte a été changé : reconnectez-vous avec le nouveau mot de passe.',
  },
  second_factor_enabled: {
    value: 'double-authentification',
    message:
      'La double authentification a été activée sur votre compte : reconnectez-vous, avec le code ' +
      'de votre application.',
  },
  revoked: {
    value: 'fermee',
    message: 'Votre session a été fermée sur le serveur. Reconnectez-vous pour continuer.',
  },
  refresh_token_reused: {
    value: 'fermee',
    message: 'Votre session a été fermée sur le serveur. Reconnectez-vous pour continuer.',
  },
};

/** The sentence the sign-in page shows for its `session` parameter, if it has one. */
export function sessionEndMessage(value: string | null): string | undefined {
  if (value === EXPIRED_VALUE) return SESSION_EXPIRED_MESSAGE;
  return Object.values(SESSION_ENDS).find((end) => end.value === value)?.message;
}

const ADMIN_HOME = '/admin';

/**
 * The back-office address to go to after sign-in: `value` when it is a path of this site under
 * /admin (never another site: no scheme, no `//host`, no backslash, no `..`), else /admin.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 2000) return ADMIN_HOME;
  if (!/^\/admin(?:[/?#]|$)/.test(value)) return ADMIN_HOME;
  if (/[\\\s]|\/\/|(?:^|\/)\.\.?(?:[/?#]|$)/.test(value)) return ADMIN_HOME;
  // A URL parser must agree that it stays on this origin, under /admin.
  try {
    const base = 'https://site.invalid';
    const url = new URL(value, base);
    if (url.origin !== base || !/^\/admin(?:\/|$)/.test(url.pathname)) return ADMIN_HOME;
  } catch {
    return ADMIN_HOME;
  }
  return value;
}

/**
 * /admin-login, with the page to come back to and, when the session ended, why (`endReason`: the
 * server's `session_ended`, when it said).
 */
export function loginAddress(
  options: { back?: string; expired?: boolean; endReason?: string } = {},
): string {
  const params = new URLSearchParams();
  const back = safeReturnPath(options.back);
  if (back !== ADMIN_HOME) params.set(RETURN_PARAM, back);
  if (options.expired) {
    const end = options.endReason ? SESSION_ENDS[options.endReason] : undefined;
    params.set(EXPIRED_PARAM, end?.value ?? EXPIRED_VALUE);
  }
  const query = params.toString();
  return query ? `/admin-login?${query}` : '/admin-login';
}
