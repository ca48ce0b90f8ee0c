import { createAuthClient } from '../../lib/auth-client.ts';
import { browserConfigSources, resolveSupabaseConfig } from '../../lib/supabase-config.ts';
import {
  MIN_PASSWORD_LENGTH,
  passwordLengthProblem,
  passwordProblem,
  preloadPasswordRules,
} from '../../lib/password-rules.ts';
import { WELCOME_PARAM } from '../auth/welcome.ts';
import { messageParagraph } from '../../lib/message/message-paragraph.ts';
import { callSetup, type SetupRefusal } from './setup-api.ts';
import { plainForm } from './plain-form.ts';
import '../../lib/message/message.css';
import '../styles/forms.css';
import './login.css';

/**
 * /installation?jeton=…, the page of the one-time link the server prints while the site has no
 * administrator (docs/decisions/066-first-administrator-from-a-setup-link.md): the owner chooses
 * an email and a password, is signed in, and lands on « Mon compte » where two-factor sign-in is
 * offered at once. A page of its own, like the sign-in page: no React, no back-office code.
 */

export const ACCOUNT_PAGE = `/admin/compte?${WELCOME_PARAM}=1`;
const TOKEN_PARAM = 'jeton';
/** The token survives a reload once it has left the address bar (and the history). */
const TOKEN_KEY = 'garage-installation-link';

const NO_LINK =
  'Ouvrez cette page avec le lien affiché au démarrage du serveur (dans son journal), qui commence par « /installation?jeton= ».';
const MISMATCH = 'Les deux mots de passe ne sont pas identiques.';
const BAD_EMAIL = 'Adresse e-mail invalide : vérifiez-la (par exemple nom@exemple.fr).';
/** Refusals after which the owner's next step is the sign-in page. */
const SIGN_IN_NEXT = new Set(['admin_exists', 'setup_link_used']);

const CARD = `
<main class="login">
  <div class="login__card">
    <h1>Créer le compte administrateur</h1>
    <div class="login__body"></div>
  </div>
</main>`;

// Static markup: nothing typed by anyone goes through innerHTML.
const FORM = `
<form class="form" novalidate>
  <p class="login__intro">Ce compte vous permet de modifier le site. Choisissez l'adresse e-mail
    avec laquelle vous vous connecterez et un mot de passe de ${MIN_PASSWORD_LENGTH} caractères au
    moins, difficile à deviner.</p>
  <div class="form__field">
    <label for="setup-email">Adresse e-mail</label>
    <input id="setup-email" type="email" name="email" autocomplete="username" required />
  </div>
  <div class="form__field">
    <label for="setup-password">Mot de passe</label>
    <input id="setup-password" type="password" name="password" autocomplete="new-password"
      minlength="${MIN_PASSWORD_LENGTH}" required />
  </div>
  <div class="form__field">
    <label for="setup-password-again">Confirmez le mot de passe</label>
    <input id="setup-password-again" type="password" name="password-again"
      autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required />
  </div>
  <button type="submit" class="button button--block">Créer le compte</button>
</form>`;

/** The link's token, taken out of the address bar at once. */
function linkToken(): string | null {
  const fromUrl = new URLSearchParams(window.location.search).get(TOKEN_PARAM);
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    window.history.replaceState(null, '', window.location.pathname);
  }
  return fromUrl ?? sessionStorage.getItem(TOKEN_KEY);
}

/** A refusal in French, with the way to the sign-in page when that is what comes next. */
function refusalMessage(refusal: SetupRefusal): HTMLParagraphElement {
  const p = messageParagraph('error', refusal.message);
  if (SIGN_IN_NEXT.has(refusal.code)) {
    const link = document.createElement('a');
    link.href = '/admin-login';
    link.textContent = 'Aller à la page de connexion';
    p.append(' ', link);
  }
  return p;
}

export async function startInstallationPage(root: HTMLElement): Promise<void> {
  document.title = 'Créer le compte administrateur – Administration';
  root.innerHTML = CARD;
  const body = root.querySelector<HTMLElement>('.login__body')!;
  const config = resolveSupabaseConfig(browserConfigSources());
  const token = linkToken();
  if (!config || !token) {
    body.replaceChildren(messageParagraph('warning', NO_LINK));
    return;
  }
  body.replaceChildren(
    messageParagraph('notice', 'Vérification du lien…', { className: 'login__intro' }),
  );
  // The page's one client: it asks the setup endpoints, then keeps the new account's session.
  const auth = createAuthClient(config);
  const checked = await callSetup(auth, 'check', { token });
  if (!checked.ok) {
    body.replaceChildren(refusalMessage(checked.refusal));
    return;
  }

  body.innerHTML = FORM;
  const form = body.querySelector('form')!;
  const email = form.querySelector<HTMLInputElement>('#setup-email')!;
  const password = form.querySelector<HTMLInputElement>('#setup-password')!;
  const again = form.querySelector<HTMLInputElement>('#setup-password-again')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  email.focus();
  preloadPasswordRules();
  /** What the browser can say before sending: the server checks the same again. */
  async function problem(): Promise<[string, HTMLInputElement] | undefined> {
    if (!email.value.trim() || !email.checkValidity()) return [BAD_EMAIL, email];
    const weak =
      passwordLengthProblem(password.value) ??
      (await passwordProblem(password.value, [email.value.trim()]));
    if (weak) return [weak, password];
    if (password.value !== again.value) return [MISMATCH, again];
    return undefined;
  }

  plainForm(
    form,
    async (controls) => {
      const found = await problem();
      if (found) {
        controls.refuse(found[0], found[1]);
        return;
      }
      controls.busy('Création du compte…');
      const created = await callSetup(auth, 'create', {
        token,
        email: email.value.trim(),
        password: password.value,
      });
      if (!created.ok) {
        const { code } = created.refusal;
        const field =
          code === 'weak_password'
            ? password
            : code === 'validation_failed' || code === 'email_exists'
              ? email
              : undefined;
        controls.refuse(refusalMessage(created.refusal), field);
        if (!field) submit.focus();
        return;
      }
      sessionStorage.removeItem(TOKEN_KEY);
      const { error } = await auth.setSession(created.session!);
      if (error) console.error('Session du nouveau compte refusée', error);
      // Signed in, or (should the session be refused) sent to sign in with the new password.
      window.location.replace(error ? '/admin-login' : ACCOUNT_PAGE);
    },
    'Vérification…',
  );
}
