import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * Time-based one-time passwords (RFC 6238) as GoTrue checks them: SHA-1, 6 digits, 30-second
 * steps, one step of clock tolerance either way. The codes come from `otplib`; this module only
 * fixes its settings and keeps the step of the last accepted code. docs/decisions/034-two-factor-sign-in.md.
 */
export const TOTP_PERIOD_SECONDS = 30;
const SETTINGS = { algorithm: 'sha1', digits: 6, period: TOTP_PERIOD_SECONDS } as const;
/** One step before and after the current one (GoTrue's `Skew: 1`), in seconds as otplib counts. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32 as apps expect. */
export function generateTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, accountName: string): string {
  return generateURI({ issuer, label: accountName, secret, ...SETTINGS });
}

export function stepAt(epochMs: number): number {
  return Math.floor(epochMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of one time step. */
export function codeForStep(secret: string, step: number): string {
  return generateSync({ secret, epoch: step * TOTP_PERIOD_SECONDS, ...SETTINGS });
}

/**
 * The time step whose code `code` is, within the tolerance around `epochMs`, or undefined. Steps at
 * or before `lastUsedStep` never match, so a code is accepted once.
 */
export function matchingStep(
  code: string,
  secret: string,
  epochMs: number,
  lastUsedStep: number | null,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const epoch = Math.floor(epochMs / 1000);
  // otplib refuses an `afterTimeStep` beyond the window (a clock set back since): nothing matches.
  if (lastUsedStep !== null && lastUsedStep > stepAt(epochMs) + 1) return undefined;
  const result = verifySync({
    secret,
    token: code,
    epoch,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
    ...SETTINGS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/**
 * Secrets are stored encrypted (AES-256-GCM) under a key derived from the JWT secret and bound to
 * the factor's id: a copy of the database alone gives no second factor. Format:
 * `v1:<iv>:<tag>:<ciphertext>`, base64url.
 */
function secretKey(jwtSecret: string, factorId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'garage-mfa-totp-secret', factorId, 32));
}

export function encryptTotpSecret(secret: string, jwtSecret: string, factorId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(jwtSecret, factorId), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':');
}

export function decryptTotpSecret(stored: string, jwtSecret: string, factorId: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) {
    throw new Error('Unknown TOTP secret format');
  }
  const decipher = createDecipheriv(
    'aes-256-gcm',
    secretKey(jwtSecret, factorId),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
