import { SignJWT, jwtVerify, errors } from 'jose';

/** The API keys are long-lived JWTs signed with the project secret, as Supabase's are. */
export async function makeApiKey(role: 'anon' | 'service_role', secret: string): Promise<string> {
  // Fixed issue date so the key is the same at every start for a given secret.
  const iat = 1_700_000_000;
  return new SignJWT({ role, iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + 20 * 365 * 24 * 3600)
    .sign(new TextEncoder().encode(secret));
}

export async function signJwt(claims: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

export type VerifyResult =
  { ok: true; claims: Record<string, unknown> } | { ok: false; reason: 'expired' | 'invalid' };

/** Verifies an HS256 token; only HS256 is accepted, so a forged `alg` cannot slip through. */
export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
    });
    return { ok: true, claims: payload as Record<string, unknown> };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
