import type { GoTrueClient } from '@supabase/supabase-js';
import { createAuthClient } from '../../lib/auth-client.ts';
import { browserConfigSources, resolveSupabaseConfig } from '../../lib/supabase-config.ts';
import { codeStep } from '../auth/sign-in.ts';
import { renderCodeForm } from './login-form.ts';
import { renderNewPasswordForm } from './new-password-form.ts';
import type { MessageKind } from '../../lib/message/message-kind.ts';
import { messageParagraph } from '../../lib/message/message-paragraph.ts';
import '../../lib/message/message.css';
import '../styles/forms.css';
import './login.css';

/**
 * /admin/nouveau-mot-de-passe, where a forgotten-password link lands (docs/product.md#forgotten-password):
 * the session the link carries (in the fragment, or a PKCE `?code=`), the second factor's code
 * when the account has one (the server wants it before a new password), then the new password
 * twice, and on to the back-office.
 */

export const INVALID_LINK =
  "Ce lien n'est plus valable : il a déjà servi, il a expiré (il est valable une heure) ou une " +
  'demande plus récente l’a remplacé. Demandez un nouveau lien depuis la page de connexion.';
const NO_LINK =
  'Ouvrez cette page avec le lien reçu par e-mail, ou demandez-en un depuis la page de connexion.';
const CODE_FIRST =
  'Ce compte a la double authentification : saisissez d’abord le code à 6 chiffres de votre application.';

const CARD = `
<main class="login">
  <div class="login__card">
    <h1>Nouveau mot de passe</h1>
    <div class="login__body"></div>
    <a class="login__back" href="/admin-login">Retour à la connexion</a>
  </div>
</main>`;

function message(body: HTMLElement, kind: MessageKind, text: string, className?: string): void {
  body.replaceChildren(messageParagraph(kind, text, { className }));
}

/** The session the link opened, or why there is none. */
async function sessionFromLink(auth: GoTrueClient): Promise<'ok' | 'invalid' | 'none'> {
  const query = new URLSearchParams(window.location.search);
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  // Tokens leave the address bar (and the history) before anything else runs.
  window.history.replaceState(null, '', window.location.pathname);
  if (query.has('error_code') || fragment.has('error_code') || fragment.has('error')) {
    console.error('Lien de nouveau mot de passe refusé', fragment.get('error_description'));
    return 'invalid';
  }
  const code = query.get('code');
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  let error: unknown;
  if (code) error = (await auth.exchangeCodeForSession(code)).error;
  else if (accessToken && refreshToken) {
    error = (await auth.setSession({ access_token: accessToken, refresh_token: refreshToken }))
      .error;
  } else return 'none';
  if (error) console.error('Lien de nouveau mot de passe refusé', error);
  return error ? 'invalid' : 'ok';
}

export async function startNewPasswordPage(root: HTMLElement): Promise<void> {
  document.title = 'Nouveau mot de passe – Administration';
  root.innerHTML = CARD;
  const body = root.querySelector<HTMLElement>('.login__body')!;
  const config = resolveSupabaseConfig(browserConfigSources());
  if (!config) {
    message(body, 'warning', NO_LINK);
    return;
  }
  message(body, 'notice', 'Vérification du lien…', 'login__intro');
  const auth = createAuthClient(config);
  const outcome = await sessionFromLink(auth);
  if (outcome !== 'ok') {
    message(body, 'error', outcome === 'invalid' ? INVALID_LINK : NO_LINK);
    return;
  }

  const askPassword = () =>
    renderNewPasswordForm(body, auth, () => window.location.replace('/admin'));
  const level = await auth.mfa.getAuthenticatorAssuranceLevel();
  const factor =
    level.data?.nextLevel === 'aal2' && level.data.currentLevel !== 'aal2'
      ? (await auth.mfa.listFactors()).data?.totp[0]
      : undefined;
  if (!factor) {
    askPassword();
    return;
  }
  const placeholder = document.createElement('form');
  body.replaceChildren(placeholder);
  const step = codeStep(auth, factor.id, CODE_FIRST);
  if (!step.ok && step.verifyCode) {
    renderCodeForm(placeholder, step.verifyCode, step.message, askPassword);
  }
}
