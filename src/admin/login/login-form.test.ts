// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignInOutcome } from '../auth/sign-in.ts';
import { renderLoginForm } from './login-form.ts';

let root: HTMLElement;

function mount(outcomes: SignInOutcome[], configured = true, notice?: string) {
  root = document.createElement('div');
  document.body.append(root);
  const signIn = vi.fn(async () => outcomes.shift()!);
  const onSignedIn = vi.fn();
  renderLoginForm(root, { configured, signIn, onSignedIn, notice });
  return { signIn, onSignedIn };
}

const input = (label: string) => {
  const id = [...root.querySelectorAll('label')].find((l) => l.textContent === label)!.htmlFor;
  return root.querySelector<HTMLInputElement>(`#${id}`)!;
};
const submit = async (email: string, password: string) => {
  input('Adresse e-mail').value = email;
  input('Mot de passe').value = password;
  root.querySelector('form')!.requestSubmit();
  await new Promise((resolve) => setTimeout(resolve, 0));
};
const alerts = () => [...root.querySelectorAll('[role="alert"]')].map((a) => a.textContent);

afterEach(() => root.remove());

describe('the login form', () => {
  it('starts empty, with the French labels, the button and the way back to the site', () => {
    mount([]);
    expect(document.title).toBe('Connexion – Administration');
    expect(root.querySelector('h1')?.textContent).toBe('Administration');
    expect(input('Adresse e-mail').value).toBe('');
    expect(input('Mot de passe').value).toBe('');
    expect(root.querySelector('button[type="submit"]')?.textContent).toBe('Se connecter');
    const back = root.querySelector<HTMLAnchorElement>('a.login__back')!;
    expect([back.textContent, back.getAttribute('href')]).toEqual(['Retour au site', '/']);
    expect(root.querySelector('.message--warning')).toBeNull();
  });

  it('shows the refusal, clears the password and lets the owner try again', async () => {
    const { signIn, onSignedIn } = mount([
      { ok: false, message: 'Identifiants incorrects. Veuillez réessayer.' },
      { ok: false, message: 'Trop de tentatives de connexion. Réessayez dans 15 minutes.' },
    ]);
    await submit('patron@garage.test', 'faux');
    expect(signIn).toHaveBeenCalledWith('patron@garage.test', 'faux');
    expect(alerts()).toEqual(['Identifiants incorrects. Veuillez réessayer.']);
    expect(input('Mot de passe').value).toBe('');
    expect(input('Adresse e-mail').value).toBe('patron@garage.test');
    expect(document.activeElement).toBe(input('Mot de passe'));

    await submit('patron@garage.test', 'encore');
    expect(alerts()).toEqual(['Trop de tentatives de connexion. Réessayez dans 15 minutes.']);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('sends once while the answer is awaited, saying nothing until it comes', async () => {
    let answer: (outcome: SignInOutcome) => void = () => {};
    root = document.createElement('div');
    document.body.append(root);
    const signIn = vi.fn(() => new Promise<SignInOutcome>((resolve) => (answer = resolve)));
    renderLoginForm(root, { configured: true, signIn, onSignedIn: vi.fn() });
    input('Adresse e-mail').value = 'patron@garage.test';
    input('Mot de passe').value = 'faux';
    const form = root.querySelector('form')!;
    const button = root.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    form.requestSubmit();
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);

    answer({ ok: false, message: 'Identifiants incorrects. Veuillez réessayer.' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('Se connecter');
    expect(alerts()).toEqual(['Identifiants incorrects. Veuillez réessayer.']);
    expect(input('Mot de passe').getAttribute('aria-invalid')).toBe('true');
  });

  it('goes on once signed in', async () => {
    const { onSignedIn } = mount([{ ok: true, session: {} as never }]);
    await submit('patron@garage.test', 'bon');
    expect(onSignedIn).toHaveBeenCalledOnce();
    expect(alerts()).toEqual([]);
  });

  it('says so when the site has no backend', () => {
    mount([], false);
    expect(root.querySelector('.message--warning')?.textContent).toBe(
      "Configuration Supabase manquante. Veuillez vérifier vos variables d'environnement.",
    );
  });

  it('says why the owner is here when the session expired', () => {
    mount([], true, 'Votre session a expiré, reconnectez-vous');
    expect(alerts()).toEqual(['Votre session a expiré, reconnectez-vous']);
  });

  it('asks for the 6-digit code when the account has two-factor sign-in', async () => {
    const verifyCode = vi.fn<(code: string) => Promise<SignInOutcome>>();
    const retry = vi.fn<(code: string) => Promise<SignInOutcome>>();
    verifyCode.mockResolvedValueOnce({ ok: false, message: 'Code incorrect.', verifyCode: retry });
    retry.mockResolvedValueOnce({ ok: true, session: {} as never });
    const { onSignedIn } = mount([{ ok: false, message: 'Saisissez le code.', verifyCode }]);
    await submit('patron@garage.test', 'bon');

    expect(root.querySelector('#login-password')).toBeNull();
    expect(root.textContent).toContain('Saisissez le code.');
    const code = input('Code de vérification');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(code);
    expect(alerts()).toEqual([]);

    code.value = '123456';
    root.querySelector('form')!.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(verifyCode).toHaveBeenCalledWith('123456');
    expect(alerts()).toEqual(['Code incorrect.']);
    expect(code.value).toBe('');
    expect(onSignedIn).not.toHaveBeenCalled();

    code.value = '654321';
    root.querySelector('form')!.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(retry).toHaveBeenCalledWith('654321');
    expect(onSignedIn).toHaveBeenCalledOnce();
  });
});
