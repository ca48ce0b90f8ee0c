// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOO_SHORT } from '../../lib/password-rules.ts';
import { LINK_SENT, RESET_ON_SERVER, type PasswordRecovery } from './forgot-password.ts';
import { renderLoginForm } from './login-form.ts';
import { renderNewPasswordForm } from './new-password-form.ts';

let root: HTMLElement;

function mount(recovery: PasswordRecovery) {
  root = document.createElement('div');
  document.body.append(root);
  renderLoginForm(root, {
    configured: true,
    signIn: vi.fn(),
    onSignedIn: vi.fn(),
    recovery,
  });
}

const byLabel = (label: string) => {
  const id = [...root.querySelectorAll('label')].find((l) => l.textContent === label)!.htmlFor;
  return root.querySelector<HTMLInputElement>(`#${id}`)!;
};
const button = (name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent === name)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const texts = (role: string) =>
  [...root.querySelectorAll(`[role="${role}"]`)].map((element) => element.textContent);

afterEach(() => root.remove());

describe('« Mot de passe oublié ? »', () => {
  it('asks for the address, typed in the sign-in form, and answers without telling if it has an account', async () => {
    const send = vi.fn(async () => undefined);
    mount({ byEmail: true, send });
    byLabel('Adresse e-mail').value = 'patron@garage.test';
    const toggle = button('Mot de passe oublié ?');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const email = byLabel('Adresse e-mail du compte');
    expect(email.value).toBe('patron@garage.test');
    expect(document.activeElement).toBe(email);
    email.closest('form')!.requestSubmit();
    await settle();
    expect(send).toHaveBeenCalledWith('patron@garage.test');
    expect(texts('status')).toContain(LINK_SENT);
  });

  it("shows the server's refusal and lets the owner try again", async () => {
    const send = vi.fn(
      async () => 'Trop de demandes de nouveau mot de passe. Réessayez dans 5 minutes.',
    );
    mount({ byEmail: true, send });
    button('Mot de passe oublié ?').click();
    byLabel('Adresse e-mail du compte').value = 'patron@garage.test';
    byLabel('Adresse e-mail du compte').closest('form')!.requestSubmit();
    await settle();
    expect(texts('alert')).toEqual([
      'Trop de demandes de nouveau mot de passe. Réessayez dans 5 minutes.',
    ]);
    expect(button('Recevoir un lien').disabled).toBe(false);
  });

  it('says who resets the password when the site sends no mail', () => {
    mount({ byEmail: false });
    button('Mot de passe oublié ?').click();
    expect(texts('status')).toEqual([RESET_ON_SERVER]);
    expect(RESET_ON_SERVER).toContain('contactez la personne');
    expect(RESET_ON_SERVER).not.toMatch(/npm|--/);
    expect(root.querySelector('#recovery-email')).toBeNull();
  });
});

describe('the new password form', () => {
  function mountForm(error: { code: string } | null = null) {
    root = document.createElement('div');
    document.body.append(root);
    const updateUser = vi.fn(async () => ({ data: { user: null }, error }) as never);
    const onSaved = vi.fn();
    renderNewPasswordForm(root, { updateUser }, onSaved);
    /** Types both fields and submits, then waits for the form's answer: a reason, or a save. */
    const fill = async (password: string, again: string) => {
      byLabel('Nouveau mot de passe').value = password;
      byLabel('Confirmez le nouveau mot de passe').value = again;
      const calls = updateUser.mock.calls.length;
      root.querySelector('form')!.requestSubmit();
      await vi.waitFor(() => {
        const answered =
          root.querySelector('[role="alert"]') !== null || updateUser.mock.calls.length > calls;
        if (!answered) throw new Error('no answer yet');
      });
      await settle();
    };
    return { updateUser, onSaved, fill };
  }

  it('wants MIN_PASSWORD_LENGTH characters, typed twice alike, before saving', async () => {
    const { updateUser, onSaved, fill } = mountForm();
    await fill('court', 'court');
    expect(texts('alert')).toEqual([TOO_SHORT]);
    await fill('un-long-mot-de-passe', 'un-autre-mot-de-passe');
    expect(texts('alert')).toEqual(['Les deux mots de passe ne sont pas identiques.']);
    expect(updateUser).not.toHaveBeenCalled();
    await fill('un-long-mot-de-passe', 'un-long-mot-de-passe');
    expect(updateUser).toHaveBeenCalledWith({ password: 'un-long-mot-de-passe' });
    expect(onSaved).toHaveBeenCalled();
  });

  it('says why a common password is refused, without sending it', async () => {
    const { updateUser, fill } = mountForm();
    await fill('azertyuiop123', 'azertyuiop123');
    expect(texts('alert')).toEqual([
      'Ce mot de passe est trop facile à deviner. Les lignes droites de touches de votre clavier ' +
        'sont faciles à deviner. Choisissez-en un plus original : par exemple trois ou quatre ' +
        'mots sans rapport entre eux.',
    ]);
    expect(updateUser).not.toHaveBeenCalled();
  });

  it('says why the server refused it', async () => {
    const { onSaved, fill } = mountForm({ code: 'same_password' });
    await fill('un-long-mot-de-passe', 'un-long-mot-de-passe');
    expect(texts('alert')).toEqual([
      'Ce mot de passe est celui que vous aviez : choisissez-en un autre.',
    ]);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
