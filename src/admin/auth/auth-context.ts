import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/** Spec §6: login returns true or false, logout, and an isAuthenticated flag. */
export interface AuthContextValue {
  /** 'loading' while the stored session is being restored, so guards never redirect too early. */
  status: AuthStatus;
  isAuthenticated: boolean;
  /** The signed-in administrator's email, for the shell. */
  email: string | null;
  /** False when the site has no backend configured (DESIGN.md decision 10). */
  configured: boolean;
  login(email: string, password: string): Promise<boolean>;
  logout(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
