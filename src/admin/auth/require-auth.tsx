import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoading } from '../../lib/page-loading.tsx';
import { useAuth } from './auth-context.ts';
import { leaveForLogin } from './leave-for-login.ts';

/**
 * Anyone not authenticated is sent to /admin-login, replacing the history entry, with the page
 * asked for, to come back to it once signed in; when the session ended on its own, the login
 * page says so, and why when the server said; after «Déconnexion», the plain login page. The login page is not part of the back-office's code: it is loaded as a page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, sessionExpired, sessionEndReason, loggedOut } = useAuth();
  const location = useLocation();
  const back = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    if (status !== 'signed-out') return;
    // After «Déconnexion», the plain login page (the header goes there too).
    leaveForLogin(loggedOut ? {} : { back, expired: sessionExpired, endReason: sessionEndReason });
  }, [status, sessionExpired, sessionEndReason, loggedOut, back]);
  return status === 'signed-in' ? children : <PageLoading />;
}
