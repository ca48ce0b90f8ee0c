import type { RequestIdentity } from '../db/database.ts';
import { identify } from '../identity.ts';
import { RestError } from './errors.ts';

function jwtError(message: string): RestError {
  return new RestError(401, 'PGRST301', message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });
}

function bearerToken(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization') ?? '');
  return match ? match[1]! : null;
}

function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** PostgREST's wording for a token it cannot verify (its JOSE library's error names). */
function invalidTokenMessage(token: string): string {
  const parts = token.split('.').length;
  if (parts !== 3)
    return `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts})`;
  try {
    decodePayload(token);
    JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));
  } catch {
    return 'JWSError (JSONDecodeError "Not valid base64url")';
  }
  return 'JWSError JWSInvalidSignature';
}

/**
 * The role and claims a request runs under, or PostgREST's answer when its token is refused:
 * 401 PGRST301 for a bad or expired token.
 */
export async function resolveIdentity(headers: Headers, secret: string): Promise<RequestIdentity> {
  const result = await identify(headers, secret);
  if (result.ok) return result.identity;
  const token = bearerToken(headers) ?? '';
  if (result.reason === 'expired') throw jwtError('JWT expired');
  if (result.reason === 'invalid') throw jwtError(invalidTokenMessage(token));
  // The signature was good but the role is not one of the API roles. Without a role claim,
  // PostgREST runs the request as the anonymous role with the token's claims.
  const claims = decodePayload(token);
  if (claims.role === undefined) return { role: 'anon', claims };
  // Other roles exist in the database (the owner among them) but are never reachable from the API.
  throw new RestError(400, '22023', `role "${String(claims.role)}" does not exist`);
}
