import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Session } from '@supabase/supabase-js';
import { lastSessionEndReason, onSessionRejected } from '../../lib/session-rejected.ts';
import { useSupabase } from '../client/client-context.tsx';
import { AuthContext, type AuthContextValue } from './auth-context.ts';
import { isAdminSession } from './is-admin.ts';
import { signInAsAdmin } from './sign-in.ts';

export function AuthProvider({ children }: { children: ReactNode }) {
  const supabase = useSupabase();
  const [session, setSession] = useState<Session | null>(null);
  // Without a client there is no session to restore.
  const [restoring, setRestoring] = useState(supabase !== null);
  // A session that ended without the owner signing out (expired, refused by the server).
  const [expired, setExpired] = useState(false);
  // Why, when the server said (signed out from another device, a new password…).
  const [endReason, setEndReason] = useState<string | undefined>(undefined);
  // «Déconnexion»: the owner leaves on purpose, to the plain login page.
  const [loggedOut, setLoggedOut] = useState(false);
  const hadSession = useRef(false);
  const signingOut = useRef(false);

  useEffect(() => {
    if (!supabase) return;
    const client = supabase;
    // INITIAL_SESSION arrives once the stored session is restored (and refreshed if it had
    // expired); later events follow sign-in, refresh and sign-out, also from other tabs.
    const { data } = client.auth.onAuthStateChange((_event, next) => {
      if (next) hadSession.current = true;
      else if (hadSession.current && !signingOut.current) {
        // A refused refresh: its answer said why, if the server is ours.
        setEndReason((known) => known ?? lastSessionEndReason());
        setExpired(true);
      }
      setSession(next);
      setRestoring(false);
    });
    // The server refused the session's token (expired, revoked, bad signature): it is forgotten
    // here, and the owner is asked to sign in again.
    const stopWatching = onSessionRejected((reason) => {
      if (signingOut.current || !hadSession.current) return;
      // Forgotten from storage first: the login page must not take it for a live session.
      void client.auth.signOut({ scope: 'local' }).finally(() => {
        setEndReason((known) => known ?? reason);
        setExpired(true);
        setSession(null);
      });
    });
    return () => {
      data.subscription.unsubscribe();
      stopWatching();
    };
  }, [supabase]);

  const login = useCallback(
    async (email: string, password: string): Promise<boolean> => {
      const outcome = await signInAsAdmin(supabase?.auth ?? null, email, password);
      if (outcome.ok) setSession(outcome.session);
      return outcome.ok;
    },
    [supabase],
  );

  const logout = useCallback(async (): Promise<void> => {
    if (!supabase) return;
    signingOut.current = true;
    setLoggedOut(true);
    const { error } = await supabase.auth.signOut();
    if (error) {
      console.error('Erreur de déconnexion', error);
      // The server could not revoke the session; still forget it in this browser.
      await supabase.auth.signOut({ scope: 'local' });
    }
    setSession(null);
  }, [supabase]);

  const value = useMemo<AuthContextValue>(() => {
    const isAuthenticated = isAdminSession(session);
    return {
      status: restoring ? 'loading' : isAuthenticated ? 'signed-in' : 'signed-out',
      isAuthenticated,
      sessionExpired: expired && !isAuthenticated,
      sessionEndReason: expired && !isAuthenticated ? endReason : undefined,
      loggedOut: loggedOut && !isAuthenticated,
      email: isAuthenticated ? (session?.user.email ?? null) : null,
      configured: supabase !== null,
      login,
      logout,
    };
  }, [supabase, session, restoring, expired, endReason, loggedOut, login, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
