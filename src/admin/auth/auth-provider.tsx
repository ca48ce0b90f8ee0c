import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Session } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';
import { isAdminUser } from './is-admin.ts';
import { signInAsAdmin } from './sign-in.ts';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  // Without a client there is no session to restore.
  const [restoring, setRestoring] = useState(supabase !== null);

  useEffect(() => {
    if (!supabase) return;
    // INITIAL_SESSION arrives once the stored session is restored (and refreshed if it had
    // expired); later events follow sign-in, refresh and sign-out, also from other tabs.
    const { data } = supabase.auth.onAuthStateChange((_event, next) => {
      setSession(next);
      setRestoring(false);
    });
    return () => data.subscription.unsubscribe();
  }, []);

  const login = useCallback(async (email: string, password: string): Promise<boolean> => {
    const outcome = await signInAsAdmin(supabase?.auth ?? null, email, password);
    if (outcome.ok) setSession(outcome.session);
    return outcome.ok;
  }, []);

  const logout = useCallback(async (): Promise<void> => {
    if (!supabase) return;
    const { error } = await supabase.auth.signOut();
    if (error) {
      console.error('Erreur de déconnexion', error);
      // The server could not revoke the session; still forget it in this browser.
      await supabase.auth.signOut({ scope: 'local' });
    }
    setSession(null);
  }, []);

  const value = useMemo<AuthContextValue>(() => {
    const isAuthenticated = session !== null && isAdminUser(session.user);
    return {
      status: restoring ? 'loading' : isAuthenticated ? 'signed-in' : 'signed-out',
      isAuthenticated,
      email: isAuthenticated ? (session?.user.email ?? null) : null,
      configured: supabase !== null,
      login,
      logout,
    };
  }, [session, restoring, login, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
