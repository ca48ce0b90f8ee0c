import type { Session, User } from '@supabase/supabase-js';

/**
 * Only users whose app_metadata.role is 'admin' (set by the server, never by the user) may use
 * the back-office (docs/decisions/002-secrets.md). RLS enforces the same rule on every write.
 */
export function isAdminUser(user: User | null | undefined): boolean {
  return user?.app_metadata?.role === 'admin';
}

/** The `aal` claim of an access token (read, not verified: the server checks the token). */
function tokenLevel(accessToken: string): unknown {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    return (JSON.parse(atob(base64)) as { aal?: unknown }).aal;
  } catch {
    return undefined;
  }
}

/**
 * An administrator's session that the database accepts: with a verified second factor, only once
 * its code was given (`aal2`); a password-only session is then refused by RLS, so the back-office
 * treats it as signed out (docs/decisions/034-two-factor-sign-in.md).
 */
export function isAdminSession(session: Session | null | undefined): boolean {
  if (!session || !isAdminUser(session.user)) return false;
  const secondFactor = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return !secondFactor || tokenLevel(session.access_token) === 'aal2';
}
