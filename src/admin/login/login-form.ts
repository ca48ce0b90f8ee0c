import { MISSING_CONFIG_NOTICE } from '../../lib/supabase-config.ts';
import type { SignInOutcome } from '../auth/sign-in.ts';
import { renderForgotPassword, type PasswordRecovery } from './forgot-password.ts';
import { messageParagraph } from '../../lib/message/message-paragraph.ts';
import { plainForm } from './plain-form.ts';

export interface LoginFormOptions {
  configured: boolean;
  /** Why the owner is here, when sent by the back-office (an expired session). */
  notice?: string;
  signIn(email: string, password: string): Promise<SignInOutcome>;
  /** Called once an administrator is signed in. */
  onSignedIn(): void;
  /** How a forgotten password is reset here; absent without a backend. */
  recovery?: PasswordRecovery;
}

// Static markup: nothing typed by anyone goes through innerHTML. The fields start empty: there
// are no default credentials (docs/decisions/002-secrets.md).
const MARKUP = `
<main class="login">
  <div class="login__card">
    <h1>Administration</h1>
    <p class="login__intro">Connectez-vous pour modifier le site.</p>
    <form class="form">
      <div class="form__field">
        <label for="login-email">Adresse e-mail</label>
        <input id="login-email" type="email" name="email" autocomplete="username" required />
      </div>
      <div class="form__field">
        <label for="login-password">Mot de passe</label>
        <input id="login-password" type="password" name="password" autocomplete="current-password" required />
      </div>
      <button type="submit" class="button button--block">Se connecter</button>
    </form>
    <a class="login__back" href="/">Retour au site</a>
  </div>
</main>`;

const CODE_MARKUP = `
<form class="form">
  <div class="form__field">
    <label for="login-code">Code de vérification</label>
    <input id="login-code" type="text" name="code" inputmode="numeric" autocomplete="one-time-code"
      pattern="[0-9]{6}" maxlength="6" required />
  </div>
  <button type="submit" class="button button--block">Vérifier</button>
</form>`;

/**
 * The second step, in place of the password form: the 6-digit code of the authenticator app. A
 * wrong code shows why and lets the owner type the next one.
 */
export function renderCodeForm(
  form: HTMLFormElement,
  verifyCode: (code: string) => Promise<SignInOutcome>,
  message: string,
  onSignedIn: () => void,
): void {
  const holder = document.createElement('div');
  holder.innerHTML = CODE_MARKUP;
  const codeForm = holder.querySelector('form')!;
  form.replaceWith(codeForm);
  const intro = document.createElement('p');
  intro.className = 'login__intro';
  intro.textContent = message;
  codeForm.before(intro);
  const code = codeForm.querySelector<HTMLInputElement>('#login-code')!;
  code.focus();
  let verify = verifyCode;
  plainForm(codeForm, async (controls) => {
    const outcome = await verify(code.value);
    if (outcome.ok) {
      onSignedIn();
      return;
    }
    code.value = '';
    controls.refuse(outcome.message, code);
    // No next try (too many attempts, or the session is gone): the message says what to do.
    if (outcome.verifyCode) verify = outcome.verifyCode;
    else controls.busy();
  });
}

/**
 * /admin-login's form, in plain DOM: this page loads no React and no back-office code, only the
 * auth client. A refusal shows in an alert above the button, and the password is cleared.
 */
export function renderLoginForm(root: HTMLElement, options: LoginFormOptions): void {
  document.title = 'Connexion – Administration';
  root.innerHTML = MARKUP;
  const form = root.querySelector('form')!;
  const email = form.querySelector<HTMLInputElement>('#login-email')!;
  const password = form.querySelector<HTMLInputElement>('#login-password')!;

  if (!options.configured) {
    form.before(messageParagraph('warning', MISSING_CONFIG_NOTICE));
  }

  if (options.recovery) {
    renderForgotPassword(root.querySelector('.login__back')!, options.recovery, () => email.value);
  }

  if (options.notice) {
    form.before(messageParagraph('warning', options.notice, { urgent: true }));
  }

  plainForm(form, async (controls) => {
    const outcome = await options.signIn(email.value, password.value);
    if (outcome.ok) {
      options.onSignedIn();
      return;
    }
    if (outcome.verifyCode) {
      renderCodeForm(form, outcome.verifyCode, outcome.message, options.onSignedIn);
      return;
    }
    password.value = '';
    controls.refuse(outcome.message, password);
  });
}
