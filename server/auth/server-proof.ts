import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from './errors.ts';

/**
 * The administrator command sends the service key and a new password to the server it finds on
 * the configured port. Before that, it asks the server to prove it holds the same JWT secret: the
 * server answers an HMAC of a random challenge, which only a holder of the secret can compute.
 * Another program listening on that port gets nothing. The context string keeps these HMACs
 * apart from anything else the secret signs.
 */
const CONTEXT = 'garage-server-proof:';
const CHALLENGE = /^[A-Za-z0-9_-]{32,128}$/;

export function proofOf(secret: string, challenge: string): string {
  return createHmac('sha256', secret)
    .update(CONTEXT + challenge)
    .digest('base64url');
}

/** POST /auth/v1/server-proof `{challenge}` → `{proof}`. */
export function serverProof(secret: string, body: Record<string, unknown>): { proof: string } {
  const { challenge } = body;
  if (typeof challenge !== 'string' || !CHALLENGE.test(challenge))
    throw badRequest('validation_failed', 'challenge: 32 à 128 caractères base64url attendus.');
  return { proof: proofOf(secret, challenge) };
}

export function isValidProof(secret: string, challenge: string, proof: unknown): boolean {
  if (typeof proof !== 'string') return false;
  const expected = Buffer.from(proofOf(secret, challenge));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
