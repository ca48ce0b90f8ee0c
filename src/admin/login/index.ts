import { createAuthClient } from '../../lib/auth-client.ts';
import { browserConfigSources, resolveSupabaseConfig } from '../../lib/supabase-config.ts';
import { isAdminSession, isAdminUser } from '../auth/is-admin.ts';
import {
  EXPIRED_PARAM,
  RETURN_PARAM,
  safeReturnPath,
  sessionEndMessage,
} from '../auth/return-path.ts';
import { signInAsAdmin } from '../auth/sign-in.ts';
import { renderLoginForm } from './login-form.ts';
import { passwordRecovery } from './password-recovery.ts';
import '../../lib/message/message.css';
import '../styles/forms.css';
import './login.css';

/**
 * The back-office is another page: entered by loading it, with the session stored by this one, at
 * the page the owner asked for (`?retour=`, only ever a path of this site under /admin).
 */
function goToAdmin(): void {
  const params = new URLSearchParams(window.location.search);
  window.location.replace(safeReturnPath(params.get(RETURN_PARAM)));
}

/**
 * /admin-login, the back-office's only page a visitor may reach: the form and the auth client
 * only (src/main.tsx loads it instead of the site). An administrator already signed in goes on
 * to the page asked for, /admin by default. Sent here by a session that ended, the owner reads why.
 */
export async function startLoginPage(root: HTMLElement): Promise<void> {
  // Sent here by a session that ended: why (expired, signed out from another device…).
  const notice = sessionEndMessage(new URLSearchParams(window.location.search).get(EXPIRED_PARAM));
  const config = resolveSupabaseConfig(browserConfigSources());
  if (!config) {
    renderLoginForm(root, {
      configured: false,
      notice,
      signIn: (email, password) => signInAsAdmin(null, email, password),
      onSignedIn: goToAdmin,
    });
    return;
  }
  const auth = createAuthClient(config);
  root.innerHTML =
    '<div class="page-loading" role="status"><span class="spinner" aria-hidden="true"></span>' +
    '<span class="visually-hidden">Chargement…</span></div>';
  const [{ data }, recovery] = await Promise.all([auth.getSession(), passwordRecovery(auth)]);
  if (isAdminSession(data.session)) {
    goToAdmin();
    return;
  }
  // Signed in with the password but not the code (a reload mid-way): start again.
  if (data.session && isAdminUser(data.session.user)) await auth.signOut({ scope: 'local' });
  renderLoginForm(root, {
    configured: true,
    notice,
    signIn: (email, password) => signInAsAdmin(auth, email, password),
    onSignedIn: goToAdmin,
    recovery,
  });
}

export { startNewPasswordPage } from './new-password.ts';
