import type { SupabaseClient } from '@supabase/supabase-js';

/** The bearer token of a request, if it carries one. */
export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return match?.[1];
}

/** The claims of a JWT, read without checking its signature (the caller checks it elsewhere). */
export function unverifiedClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function roleOf(appMetadata: unknown): unknown {
  return typeof appMetadata === 'object' && appMetadata !== null
    ? (appMetadata as { role?: unknown }).role
    : undefined;
}

/**
 * Is the caller an administrator (docs/decisions/002-secrets.md)? Two checks, both required:
 * - the token's own claims say `app_metadata.role = 'admin'`, the rule RLS applies (is_admin());
 * - the auth server accepts the token (signature, expiry, user and session still there) and the
 *   user's stored app_metadata still says admin. The gateway already checked the signature when
 *   verify_jwt is on; this keeps the function safe should it ever be deployed without it;
 * - and, when the user has a verified second factor, a token that verified it (`aal2`), as
 *   is_admin() requires (docs/decisions/034-two-factor-sign-in.md).
 * The anon key (a visitor) has no `sub` and no app_metadata: refused.
 */
export async function isAdminRequest(req: Request, service: SupabaseClient): Promise<boolean> {
  const token = bearerToken(req);
  if (!token) return false;
  const claims = unverifiedClaims(token);
  if (roleOf(claims?.app_metadata) !== 'admin' || typeof claims?.sub !== 'string') return false;
  const { data, error } = await service.auth.getUser(token);
  if (error || !data.user) return false;
  const secondFactor = (data.user.factors ?? []).some((factor) => factor.status === 'verified');
  if (secondFactor && claims.aal !== 'aal2') return false;
  return roleOf(data.user.app_metadata) === 'admin';
}
