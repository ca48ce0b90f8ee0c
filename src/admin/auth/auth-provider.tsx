import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Session } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';
import { isAdminUser } from './is-admin.ts';

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
    if (!supabase) {
      console.error('Erreur de connexion', 'Supabase non configuré');
      return false;
    }
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    if (error || !data.session) {
      console.error('Erreur de connexion', error);
      return false;
    }
    if (!isAdminUser(data.user)) {
      console.error('Erreur de connexion', "ce compte n'a pas les droits d'administration");
      await supabase.auth.signOut({ scope: 'local' });
      return false;
    }
    setSession(data.session);
    return true;
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
