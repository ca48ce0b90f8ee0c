import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/** Login returns true or false, logout, and an isAuthenticated flag (docs/product.md#access). */
export interface AuthContextValue {
  /** 'loading' while the stored session is being restored, so guards never redirect too early. */
  status: AuthStatus;
  isAuthenticated: boolean;
  /** True once a session ended without the owner signing out (expired, refused by the server). */
  sessionExpired: boolean;
  /** Why, when the server said (`session_ended`: signed out from another device…). */
  sessionEndReason: string | undefined;
  /** True once the owner signed out with «Déconnexion». */
  loggedOut: boolean;
  /** The signed-in administrator's email, for the shell. */
  email: string | null;
  /** False without a configured backend (docs/decisions/017-missing-configuration.md). */
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
