import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useAuth } from '../auth/auth-context.ts';
import { leaveForLogin } from '../auth/leave-for-login.ts';
import { useSupabase } from '../client/client-context.tsx';
import { accountKeys, useTotpFactor } from './account-api.ts';
import { Message } from '../../lib/message/message.tsx';
import { PageMessageProvider, SectionMessage, useSectionMessage } from './message.tsx';
import { PasswordChange } from './password-change.tsx';
import { qrImageSource } from './qr-image.ts';
import { WELCOME_PARAM } from '../auth/welcome.ts';
import { Link } from 'react-router-dom';
import { SETUP_PATH } from '../garage-setup/index.ts';
import './account.css';

const WELCOME =
  'Votre compte administrateur est créé et vous êtes connecté. Protégez-le dès maintenant : ' +
  'activez la double authentification ci-dessous.';

interface Enrolment {
  factorId: string;
  qrCode: string | undefined;
  secret: string;
}

/** Turning two-factor sign-in on (QR code, secret, first code) and off (a code). */
export function TwoFactor({ client }: { client: SupabaseClient }) {
  const queryClient = useQueryClient();
  const factor = useTotpFactor(client);
  // Undefined while it is read, or when it could not be read.
  const factorId = factor.data;
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const { message, setMessage } = useSectionMessage('two-factor');
  const [busy, setBusy] = useState(false);
  // Just created from the setup link: two-factor sign-in is offered first.
  const [welcome] = useState(() => new URLSearchParams(window.location.search).has(WELCOME_PARAM));

  // The button pressed gives way to another form (or to none): the focus goes to the section's
  // title, from where the new step reads in order.
  const title = useRef<HTMLHeadingElement>(null);
  const focusTitle = () => requestAnimationFrame(() => title.current?.focus());

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
    focusTitle();
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
    focusTitle();
    void queryClient.invalidateQueries({ queryKey: accountKeys.totpFactor });
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
      <h2 id="account-2fa" ref={title} tabIndex={-1}>
        Double authentification
      </h2>
      <SectionMessage text={message?.text ?? null} error={message?.error} />
      {welcome && factorId === null && !enrolment && !message && (
        <Message kind="notice">{WELCOME}</Message>
      )}
      {factor.isError && !enrolment && (
        <Message kind="error" as="div">
          <p>
            L’état de la double authentification n’a pas pu être lu. Vérifiez votre connexion, puis
            réessayez.
          </p>
          <button type="button" className="button" onClick={() => void factor.refetch()}>
            Réessayer
          </button>
        </Message>
      )}
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

/** Ending the other devices' sessions, or all of them. */
function Sessions({ client }: { client: SupabaseClient }) {
  const { logout } = useAuth();
  const { message, setMessage } = useSectionMessage('sessions');

  async function others() {
    const { error } = await client.auth.signOut({ scope: 'others' });
    setMessage(
      error
        ? { text: "Les autres appareils n'ont pas pu être déconnectés.", error: true }
        : { text: 'Vos autres appareils sont déconnectés.', error: false },
    );
  }

  async function everywhere() {
    await logout();
    leaveForLogin();
  }

  return (
    <section className="account__section" aria-labelledby="account-sessions">
      <h2 id="account-sessions">Appareils connectés</h2>
      <SectionMessage text={message?.text ?? null} error={message?.error} />
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
  const supabase = useSupabase();
  const [welcome] = useState(() => new URLSearchParams(window.location.search).has(WELCOME_PARAM));
  if (!supabase || !email) return null;
  return (
    <PageMessageProvider>
      <div className="account">
        <h1>Mon compte</h1>
        <TwoFactor client={supabase} />
        {welcome && (
          // Right after the setup link: once the account is protected (or not), the site next.
          <section className="account__section account__next" aria-labelledby="account-next">
            <h2 id="account-next">Ensuite : votre site</h2>
            <p>
              Renseignez votre garage en quelques écrans : coordonnées, horaires, tarifs, services,
              photos et couleurs.
            </p>
            <Link className="button" to={SETUP_PATH}>
              Configurer mon garage
            </Link>
          </section>
        )}
        <PasswordChange client={supabase} email={email} />
        <Sessions client={supabase} />
      </div>
    </PageMessageProvider>
  );
}
