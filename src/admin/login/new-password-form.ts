import type { GoTrueClient } from '@supabase/supabase-js';
import {
  MIN_PASSWORD_LENGTH,
  passwordLengthProblem,
  passwordProblem,
  preloadPasswordRules,
} from '../../lib/password-rules.ts';
import { plainForm } from './plain-form.ts';

const MISMATCH = 'Les deux mots de passe ne sont pas identiques.';
const SAME = 'Ce mot de passe est celui que vous aviez : choisissez-en un autre.';
const NOT_SAVED = "Le mot de passe n'a pas pu être enregistré. Réessayez.";
const REFUSED = 'Ce mot de passe est trop facile à deviner : choisissez-en un autre.';

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

/** Why the two fields cannot be saved, checked here as the server would (the same rules). */
async function problemOf(password: string, again: string): Promise<string | undefined> {
  const length = passwordLengthProblem(password);
  if (length) return length;
  if (password !== again) return MISMATCH;
  return passwordProblem(password);
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
  password.focus();
  const controls = plainForm(
    form,
    async () => {
      const problem = await problemOf(password.value, again.value);
      if (problem) {
        controls.refuse(problem, problem === MISMATCH ? again : password);
        return;
      }
      controls.busy('Enregistrement…');
      const { error } = await auth.updateUser({ password: password.value });
      if (!error) {
        onSaved();
        return;
      }
      console.error('Nouveau mot de passe refusé', error);
      const refusal =
        error.code === 'same_password'
          ? SAME
          : error.code === 'weak_password'
            ? ((await passwordProblem(password.value)) ?? REFUSED)
            : NOT_SAVED;
      controls.refuse(refusal, password);
    },
    'Vérification…',
  );
  // The dictionaries of the check arrive while the owner types.
  preloadPasswordRules();
  // Said as soon as the first field is left, not only once both are filled.
  password.addEventListener('change', () => {
    const typed = password.value;
    void passwordProblem(typed).then((problem) => {
      if (password.value !== typed || controls.sending) return;
      controls.clear();
      if (problem) controls.refuse(problem);
    });
  });
}
