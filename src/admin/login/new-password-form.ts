import type { GoTrueClient } from '@supabase/supabase-js';
import { paragraph } from './paragraph.ts';

/** The account page's rule, which the server enforces too. */
export const MIN_PASSWORD_LENGTH = 12;

const TOO_SHORT = `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`;
const MISMATCH = 'Les deux mots de passe ne sont pas identiques.';
const SAME = 'Ce mot de passe est celui que vous aviez : choisissez-en un autre.';
const NOT_SAVED = "Le mot de passe n'a pas pu être enregistré. Réessayez.";

// Static markup: nothing typed by anyone goes through innerHTML.
const MARKUP = `
<form class="form" novalidate>
  <p class="login__intro">Choisissez votre nouveau mot de passe (${MIN_PASSWORD_LENGTH} caractères au moins). Vos autres appareils seront déconnectés.</p>
  <div class="form__field">
    <label for="new-password">Nouveau mot de passe</label>
    <input id="new-password" type="password" name="password" autocomplete="new-password"
      minlength="${MIN_PASSWORD_LENGTH}" required />
  </div>
  <div class="form__field">
    <label for="new-password-again">Confirmez le nouveau mot de passe</label>
    <input id="new-password-again" type="password" name="password-again" autocomplete="new-password"
      minlength="${MIN_PASSWORD_LENGTH}" required />
  </div>
  <button type="submit" class="button button--block">Enregistrer le mot de passe</button>
</form>`;

function problemOf(password: string, again: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return TOO_SHORT;
  if (password !== again) return MISMATCH;
  return undefined;
}

/** The new password, typed twice, saved for the session the link opened; then `onSaved`. */
export function renderNewPasswordForm(
  body: HTMLElement,
  auth: Pick<GoTrueClient, 'updateUser'>,
  onSaved: () => void,
): void {
  body.innerHTML = MARKUP;
  const form = body.querySelector('form')!;
  const password = form.querySelector<HTMLInputElement>('#new-password')!;
  const again = form.querySelector<HTMLInputElement>('#new-password-again')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  password.focus();
  let alert: HTMLParagraphElement | null = null;
  const show = (text: string) => {
    alert = paragraph('form__error', 'alert', text);
    submit.before(alert);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    alert?.remove();
    alert = null;
    const problem = problemOf(password.value, again.value);
    if (problem) {
      show(problem);
      (problem === MISMATCH ? again : password).focus();
      return;
    }
    submit.disabled = true;
    submit.textContent = 'Enregistrement…';
    void auth.updateUser({ password: password.value }).then(({ error }) => {
      if (!error) {
        onSaved();
        return;
      }
      console.error('Nouveau mot de passe refusé', error);
      submit.disabled = false;
      submit.textContent = 'Enregistrer le mot de passe';
      show(
        error.code === 'same_password'
          ? SAME
          : error.code === 'weak_password'
            ? TOO_SHORT
            : NOT_SAVED,
      );
      password.focus();
    });
  });
}
