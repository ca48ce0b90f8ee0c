// Plain functions and constants only: the login page (src/admin/login/) loads this without React.

/** The sign-in page's parameters: where to come back to, and why the owner was sent there. */
export const RETURN_PARAM = 'retour';
export const EXPIRED_PARAM = 'session';
export const EXPIRED_VALUE = 'expiree';
export const SESSION_EXPIRED_MESSAGE = 'Votre session a expiré, reconnectez-vous';

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

/** /admin-login, with the page to come back to and, when the session ended, the reason. */
export function loginAddress(options: { back?: string; expired?: boolean } = {}): string {
  const params = new URLSearchParams();
  const back = safeReturnPath(options.back);
  if (back !== ADMIN_HOME) params.set(RETURN_PARAM, back);
  if (options.expired) params.set(EXPIRED_PARAM, EXPIRED_VALUE);
  const query = params.toString();
  return query ? `/admin-login?${query}` : '/admin-login';
}
