import type { RequestIdentity } from '../db/database.ts';
import { verifyJwt } from '../jwt.ts';
import type { SessionLiveness } from '../auth/session-liveness.ts';

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export type TokenCheck =
  | { ok: true; identity: RequestIdentity; /** seconds since the epoch */ exp?: number }
  | { ok: false; code: string; message: string };

function expiredSince(token: string): number {
  try {
    const claims = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { exp?: unknown };
    if (typeof claims.exp === 'number')
      return Math.max(0, Math.floor(Date.now() / 1000) - claims.exp);
  } catch {
    // An unreadable token cannot have verified in the first place.
  }
  return 0;
}

/**
 * The role and claims a realtime client acts under, checked as hosted Supabase Realtime checks
 * them (a valid signature, not expired, an API role), plus the self-hosted server's own rule: the
 * token of an ended session is refused (docs/decisions/050-realtime.md). The messages are
 * Supabase's own, since clients may match on them.
 */
export async function checkToken(
  token: string,
  secret: string,
  sessions: SessionLiveness,
): Promise<TokenCheck> {
  const verified = await verifyJwt(token, secret);
  if (!verified.ok) {
    return verified.reason === 'expired'
      ? {
          ok: false,
          code: 'InvalidJWTToken',
          message: `Token has expired ${expiredSince(token)} seconds ago`,
        }
      : { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
  }
  const { claims } = verified;
  if (typeof claims.role !== 'string' || !ROLES.has(claims.role))
    return {
      ok: false,
      code: 'InvalidJWTToken',
      message: 'Fields `role` and `exp` are required in JWT',
    };
  if (!(await sessions.accepts(claims)))
    return { ok: false, code: 'InvalidJWTToken', message: 'Session has ended: sign in again' };
  return {
    ok: true,
    identity: { role: claims.role as RequestIdentity['role'], claims },
    exp: typeof claims.exp === 'number' ? claims.exp : undefined,
  };
}

/** The identity keeps the token it came from, to check it again later. */
const TOKENS = new WeakMap<RequestIdentity, string>();

export function withToken(identity: RequestIdentity, token: string): RequestIdentity {
  TOKENS.set(identity, token);
  return identity;
}

export function tokenOf(identity: RequestIdentity): string | undefined {
  return TOKENS.get(identity);
}
