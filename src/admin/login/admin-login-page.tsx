import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { PageLoading } from '../../lib/page-loading.tsx';
import { useAuth } from '../auth/auth-context.ts';
import { ConfigMissingNotice } from '../config-missing-notice.tsx';

/** /admin-login. The fields start empty: there are no default credentials (DESIGN.md decision 2). */
export function AdminLoginPage() {
  const { status, configured, login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  if (status === 'loading') return <PageLoading />;
  if (status === 'signed-in' && !submitting) return <Navigate to="/admin" replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setFailed(false);
    const ok = await login(email, password);
    setSubmitting(false);
    if (ok) {
      navigate('/admin', { replace: true });
    } else {
      setFailed(true);
      setPassword('');
    }
  }

  return (
    <main className="login">
      <title>Connexion – Administration</title>
      <div className="login__card">
        <h1>Administration</h1>
        <p className="login__intro">Connectez-vous pour modifier le site.</p>
        {!configured && <ConfigMissingNotice />}
        <form className="form" onSubmit={(event) => void handleSubmit(event)}>
          <div className="form__field">
            <label htmlFor="login-email">Adresse e-mail</label>
            <input
              id="login-email"
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="form__field">
            <label htmlFor="login-password">Mot de passe</label>
            <input
              id="login-password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          {failed && (
            <p className="form__error" role="alert">
              Identifiants incorrects. Veuillez réessayer.
            </p>
          )}
          <button type="submit" className="button button--block" disabled={submitting}>
            Se connecter
          </button>
        </form>
        {/* The public site is another app: it loads afresh, rendered by the server. */}
        <a className="login__back" href="/">
          Retour au site
        </a>
      </div>
    </main>
  );
}
