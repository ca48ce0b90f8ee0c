import { useEffect, useState, type FormEvent } from 'react';
import { GoTrueClient, type SupabaseClient } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase.ts';
import {
  authStorageKey,
  browserConfigSources,
  resolveSupabaseConfig,
  type SupabaseConfig,
} from '../../lib/supabase-config.ts';
import { useAuth } from '../auth/auth-context.ts';
import { leaveForLogin } from '../auth/leave-for-login.ts';
import { qrImageSource } from './qr-image.ts';
import './account.css';

const MIN_PASSWORD_LENGTH = 12;

interface Enrolment {
  factorId: string;
  qrCode: string | undefined;
  secret: string;
}

function Message({ text, error }: { text: string | null; error?: boolean }) {
  if (!text) return null;
  return (
    <p className={error ? 'form__error' : 'notice'} role={error ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

/** Turning two-factor sign-in on (QR code, secret, first code) and off (a code). */
function TwoFactor({ client }: { client: SupabaseClient }) {
  const [factorId, setFactorId] = useState<string | null | undefined>(undefined);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  // Bumped after a change, to read the factors again.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void client.auth.mfa.listFactors().then(({ data }) => {
      if (live) setFactorId(data?.totp[0]?.id ?? null);
    });
    return () => {
      live = false;
    };
  }, [client, version]);

  async function start() {
    setBusy(true);
    setMessage(null);
    // A previous, unconfirmed try is removed first.
    const { data: listed } = await client.auth.mfa.listFactors();
    for (const factor of listed?.all ?? []) {
      if (factor.status === 'unverified') await client.auth.mfa.unenroll({ factorId: factor.id });
    }
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    setBusy(false);
    if (error || !data) {
      setMessage({ text: "La double authentification n'a pas pu être préparée.", error: true });
      return;
    }
    setEnrolment({
      factorId: data.id,
      qrCode: data.totp.qr_code || undefined,
      secret: data.totp.secret,
    });
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const id = enrolment?.factorId ?? factorId;
    if (!id) return;
    setBusy(true);
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: id, code: code.trim() });
    if (verified.error) {
      setBusy(false);
      setCode('');
      setMessage({
        text: 'Code incorrect ou expiré. Réessayez avec le code affiché maintenant.',
        error: true,
      });
      return;
    }
    if (enrolment) {
      setEnrolment(null);
      setMessage({ text: 'Double authentification activée.', error: false });
    } else {
      const removed = await client.auth.mfa.unenroll({ factorId: id });
      setMessage(
        removed.error
          ? { text: "La double authentification n'a pas pu être désactivée.", error: true }
          : { text: 'Double authentification désactivée.', error: false },
      );
      if (!removed.error) await client.auth.refreshSession();
    }
    setCode('');
    setBusy(false);
    setVersion((v) => v + 1);
  }

  const codeField = (
    <div className="form__field">
      <label htmlFor="account-code">Code à 6 chiffres</label>
      <input
        id="account-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
    </div>
  );

  return (
    <section className="account__section" aria-labelledby="account-2fa">
      <h2 id="account-2fa">Double authentification</h2>
      <Message text={message?.text ?? null} error={message?.error} />
      {factorId === undefined ? null : enrolment ? (
        <form className="form" onSubmit={(event) => void confirm(event)}>
          <p>
            Scannez ce QR code avec votre application d'authentification, ou saisissez la clé
            ci-dessous, puis le code qu'elle affiche.
          </p>
          {enrolment.qrCode && (
            <img
              src={qrImageSource(enrolment.qrCode)}
              alt="QR code de la double authentification"
              width={200}
              height={200}
            />
          )}
          <p>
            Clé : <code>{enrolment.secret}</code>
          </p>
          {codeField}
          <button type="submit" className="button" disabled={busy}>
            Confirmer
          </button>
        </form>
      ) : factorId ? (
        <form className="form" onSubmit={(event) => void confirm(event)}>
          <p>Activée : un code est demandé à chaque connexion.</p>
          {codeField}
          <button type="submit" className="button" disabled={busy}>
            Désactiver la double authentification
          </button>
        </form>
      ) : (
        <>
          <p>Désactivée : le mot de passe seul donne accès au back-office.</p>
          <button type="button" className="button" disabled={busy} onClick={() => void start()}>
            Activer la double authentification
          </button>
        </>
      )}
    </section>
  );
}

/** An auth client that stores nothing: it only checks the current password. */
function checkingClient(config: SupabaseConfig): GoTrueClient {
  const base = config.url.endsWith('/') ? config.url : `${config.url}/`;
  return new GoTrueClient({
    url: new URL('auth/v1', base).href,
    headers: { Authorization: `Bearer ${config.anonKey}`, apikey: config.anonKey },
    storageKey: `${authStorageKey(config)}-check`,
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}

/** A new password (the current one asked); the other sessions are signed out by the server. */
function PasswordChange({ client, email }: { client: SupabaseClient; email: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (next.length < MIN_PASSWORD_LENGTH) {
      setMessage({
        text: `Le nouveau mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`,
        error: true,
      });
      return;
    }
    setBusy(true);
    // The current password is checked with a separate client, so this session stays as it is.
    const config = resolveSupabaseConfig(browserConfigSources());
    const check = config ? checkingClient(config) : null;
    const signedIn = await check?.signInWithPassword({ email, password: current });
    if (!signedIn || signedIn.error) {
      setBusy(false);
      setMessage({ text: 'Mot de passe actuel incorrect.', error: true });
      return;
    }
    const { error } = await client.auth.updateUser({ password: next });
    setBusy(false);
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
      <Message text={message?.text ?? null} error={message?.error} />
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
          <label htmlFor="account-new">Nouveau mot de passe (12 caractères au moins)</label>
          <input
            id="account-new"
            type="password"
            autoComplete="new-password"
            required
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Changer le mot de passe
        </button>
      </form>
    </section>
  );
}

/** Ending the other devices' sessions, or all of them. */
function Sessions({ client }: { client: SupabaseClient }) {
  const { logout } = useAuth();
  const [message, setMessage] = useState<string | null>(null);

  async function others() {
    const { error } = await client.auth.signOut({ scope: 'others' });
    setMessage(
      error
        ? "Les autres appareils n'ont pas pu être déconnectés."
        : 'Vos autres appareils sont déconnectés.',
    );
  }

  async function everywhere() {
    await logout();
    leaveForLogin();
  }

  return (
    <section className="account__section" aria-labelledby="account-sessions">
      <h2 id="account-sessions">Appareils connectés</h2>
      <Message text={message} />
      <button type="button" className="button" onClick={() => void others()}>
        Déconnecter mes autres appareils
      </button>{' '}
      <button type="button" className="button" onClick={() => void everywhere()}>
        Déconnecter partout
      </button>
    </section>
  );
}

/** «Mon compte» (/admin/compte): two-factor sign-in, password, sessions (docs/product.md#two-factor-sign-in). */
export function AccountPage() {
  const { email } = useAuth();
  if (!supabase || !email) return null;
  return (
    <div className="account">
      <h1>Mon compte</h1>
      <TwoFactor client={supabase} />
      <PasswordChange client={supabase} email={email} />
      <Sessions client={supabase} />
    </div>
  );
}
