import type { RequestIdentity } from './db/database.ts';
import { verifyJwt } from './jwt.ts';

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export type IdentityResult =
  { ok: true; identity: RequestIdentity } | { ok: false; reason: 'expired' | 'invalid' | 'role' };

/**
 * The role and claims a request runs under, from its bearer token, as PostgREST decides them:
 * no token means `anon`; a token must be valid, unexpired and name one of the API roles.
 */
export async function identify(headers: Headers, secret: string): Promise<IdentityResult> {
  const authorization = headers.get('authorization');
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  if (!match) return { ok: true, identity: { role: 'anon', claims: { role: 'anon' } } };
  const verified = await verifyJwt(match[1]!, secret);
  if (!verified.ok) return verified;
  const role = verified.claims.role;
  if (typeof role !== 'string' || !ROLES.has(role)) return { ok: false, reason: 'role' };
  return { ok: true, identity: { role: role as RequestIdentity['role'], claims: verified.claims } };
}
