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

/** Tokens remembered as verified, per secret; the least recently used go first. */
const MAX_VERIFIED = 1000;

interface SecretState {
  key: Promise<CryptoKey>;
  verified: Map<string, Record<string, unknown>>;
}
const secrets = new Map<string, SecretState>();

function stateFor(secret: string): SecretState {
  let state = secrets.get(secret);
  if (!state) {
    const key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    state = { key, verified: new Map() };
    secrets.set(secret, state);
  }
  return state;
}

/**
 * The time claims of a token whose signature is known to be good, checked as jose checks them
 * (no clock tolerance): expired at `exp`, not valid before `nbf`.
 */
function checkTimes(claims: Record<string, unknown>): VerifyResult {
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp === 'number' && claims.exp <= now) return { ok: false, reason: 'expired' };
  if (typeof claims.nbf === 'number' && claims.nbf > now) return { ok: false, reason: 'invalid' };
  return { ok: true, claims };
}

/**
 * Verifies an HS256 token; only HS256 is accepted, so a forged `alg` cannot slip through.
 *
 * A signature, once checked, stays good for that secret: the token is remembered (only tokens
 * signed with the secret get in, so nobody without it can fill the memory) and the next request
 * that carries it skips the HMAC, which under load cost more than the rest of a small API request.
 * Its time claims are checked at every use.
 */
export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  const state = stateFor(secret);
  const known = state.verified.get(token);
  if (known) {
    state.verified.delete(token);
    state.verified.set(token, known);
    return checkTimes(known);
  }
  try {
    const { payload } = await jwtVerify(token, await state.key, { algorithms: ['HS256'] });
    // Shared by every request that carries the token: nobody may change it.
    const claims = Object.freeze(payload) as Record<string, unknown>;
    state.verified.set(token, claims);
    if (state.verified.size > MAX_VERIFIED) {
      const oldest = state.verified.keys().next().value;
      if (oldest !== undefined) state.verified.delete(oldest);
    }
    return { ok: true, claims };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
