import { messageParagraph } from '../../lib/message/message-paragraph.ts';
import { plainForm } from './plain-form.ts';

/**
 * « Mot de passe oublié ? » under the sign-in form (docs/product.md#forgotten-password): a form
 * for the address, whose answer never tells whether it has an account, or, on a server that sends
 * no mail, who resets the password and how.
 */

export type PasswordRecovery =
  | {
      byEmail: true;
      /** Asks for the link; a French message when it could not be asked. */
      send(email: string): Promise<string | undefined>;
    }
  | { byEmail: false };

export const LINK_SENT =
  "Si un compte existe pour cette adresse, un lien vient d'être envoyé. Il est valable une heure.";
// The command that resets it is for the technician (README, "Administrators"), not for the owner.
export const RESET_ON_SERVER =
  "Ce site n'envoie pas d'e-mails : pour recevoir un nouveau mot de passe, contactez la personne " +
  "qui s'occupe de votre site (votre prestataire ou votre informaticien). Elle vous en donnera un.";

// Static markup: nothing typed by anyone goes through innerHTML.
const FORM_MARKUP = `
<form class="form">
  <p class="login__intro">Indiquez l'adresse de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe.</p>
  <div class="form__field">
    <label for="recovery-email">Adresse e-mail du compte</label>
    <input id="recovery-email" type="email" name="email" autocomplete="username" required />
  </div>
  <button type="submit" class="button button--block">Recevoir un lien</button>
</form>`;

function renderEmailForm(
  panel: HTMLElement,
  send: (email: string) => Promise<string | undefined>,
  email: string,
) {
  panel.innerHTML = FORM_MARKUP;
  const form = panel.querySelector('form')!;
  const input = form.querySelector<HTMLInputElement>('#recovery-email')!;
  input.value = email;
  input.focus();
  plainForm(
    form,
    async (controls) => {
      const problem = await send(input.value.trim());
      if (problem === undefined) form.replaceWith(messageParagraph('success', LINK_SENT));
      else controls.refuse(problem, input);
    },
    'Envoi…',
  );
}

/** The « Mot de passe oublié ? » button and its panel, put before `anchor` in the card. */
export function renderForgotPassword(
  anchor: HTMLElement,
  recovery: PasswordRecovery,
  currentEmail: () => string,
): void {
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'login__link';
  toggle.textContent = 'Mot de passe oublié ?';
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-controls', 'login-recovery');
  // No label of its own: the sign-in form's « Mot de passe » field must stay the only one so named.
  const panel = document.createElement('div');
  panel.id = 'login-recovery';
  panel.className = 'login__recovery';
  panel.hidden = true;
  anchor.before(toggle, panel);

  toggle.addEventListener('click', () => {
    const opening = panel.hidden;
    panel.hidden = !opening;
    toggle.setAttribute('aria-expanded', String(opening));
    if (!opening) return;
    if (recovery.byEmail) renderEmailForm(panel, recovery.send, currentEmail());
    else panel.replaceChildren(messageParagraph('warning', RESET_ON_SERVER));
  });
}
