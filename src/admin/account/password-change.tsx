import { useEffect, useState, type FormEvent } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  MIN_PASSWORD_LENGTH,
  passwordProblem,
  preloadPasswordRules,
} from '../../lib/password-rules.ts';
import { authRequest } from '../../lib/auth-request.ts';
import { SectionMessage, useSectionMessage } from './message.tsx';

/**
 * Whether `password` is the account's, asked of the auth server as a password sign-in through the
 * client's own auth settings (docs/decisions/083-one-client-in-the-back-office.md). Not with
 * `signInWithPassword`: that would replace the signed-in session by one without the second
 * factor. The session the check opened is ended at once, so it never shows as another device.
 */
async function isCurrentPassword(
  client: SupabaseClient,
  email: string,
  password: string,
): Promise<boolean> {
  try {
    const res = await authRequest(client.auth, 'token?grant_type=password', {
      method: 'POST',
      body: { email, password },
    });
    if (!res.ok) return false;
    const { access_token: checked } = (await res.json()) as { access_token?: string };
    if (checked) {
      await authRequest(client.auth, 'logout?scope=local', { method: 'POST', bearer: checked })
        // Ending it is tidiness: the password was right whatever this answers.
        .catch(() => undefined);
    }
    return true;
  } catch {
    return false;
  }
}

const REFUSED = 'Ce mot de passe est trop facile à deviner : choisissez-en un autre.';

/**
 * A new password (the current one asked); the other sessions are signed out by the server. The
 * new one is checked here with the server's own rules (src/lib/password-rules.ts), so the reason
 * of a refusal shows before anything is sent.
 */
export function PasswordChange({ client, email }: { client: SupabaseClient; email: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { message, setMessage } = useSectionMessage('password');
  const [busy, setBusy] = useState(false);

  // The dictionaries of the check arrive while the owner types.
  useEffect(() => preloadPasswordRules(), []);

  /** Said as soon as the field is left, before anything is sent. */
  async function checkNext() {
    const problem = await passwordProblem(next, [email]);
    if (problem) setMessage({ text: problem, error: true });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const problem = await passwordProblem(next, [email]);
    if (problem) {
      setBusy(false);
      setMessage({ text: problem, error: true });
      return;
    }
    if (!(await isCurrentPassword(client, email, current))) {
      setBusy(false);
      setMessage({ text: 'Mot de passe actuel incorrect.', error: true });
      return;
    }
    const { error } = await client.auth.updateUser({ password: next });
    setBusy(false);
    if (error?.code === 'weak_password') {
      setMessage({ text: REFUSED, error: true });
      return;
    }
    setCurrent('');
    setNext('');
    setMessage(
      error
        ? { text: "Le mot de passe n'a pas pu être changé.", error: true }
        : { text: 'Mot de passe changé. Vos autres appareils sont déconnectés.', error: false },
    );
  }

  return (
    <section className="account__section" aria-labelledby="account-password">
      <h2 id="account-password">Mot de passe</h2>
      <SectionMessage text={message?.text ?? null} error={message?.error} />
      <form className="form" onSubmit={(event) => void submit(event)}>
        <div className="form__field">
          <label htmlFor="account-current">Mot de passe actuel</label>
          <input
            id="account-current"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </div>
        <div className="form__field">
          <label htmlFor="account-new">
            Nouveau mot de passe ({MIN_PASSWORD_LENGTH} caractères au moins)
          </label>
          <input
            id="account-new"
            type="password"
            autoComplete="new-password"
            required
            value={next}
            onChange={(event) => {
              setNext(event.target.value);
              // A refusal is about what was typed before: it goes as the owner types again.
              if (message?.error) setMessage(null);
            }}
            onBlur={() => void (next && !busy ? checkNext() : undefined)}
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Changer le mot de passe
        </button>
      </form>
    </section>
  );
}
