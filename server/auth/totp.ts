import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238) as GoTrue checks them: SHA-1, 6 digits, 30-second
 * steps, one step of clock tolerance either way. docs/decisions/034-two-factor-sign-in.md.
 */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps accepted before and after the current one (GoTrue's `Skew: 1`). */
const SKEW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error('Invalid base32 secret');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32 as apps expect. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The `otpauth://` address an authenticator app reads from the QR code, as GoTrue builds it. */
export function totpUri(secret: string, issuer: string, accountName: string): string {
  const label = encodeURIComponent(`${issuer}:${accountName}`);
  const params = new URLSearchParams({
    algorithm: 'SHA1',
    digits: String(DIGITS),
    issuer,
    period: String(TOTP_PERIOD_SECONDS),
    secret,
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** The code of one time step (RFC 4226 dynamic truncation). */
export function codeForStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

export function stepAt(epochMs: number): number {
  return Math.floor(epochMs / 1000 / TOTP_PERIOD_SECONDS);
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
  const now = stepAt(epochMs);
  let found: number | undefined;
  for (let step = now - SKEW; step <= now + SKEW; step++) {
    // Every candidate is computed and compared in constant time, whatever matches.
    const same = timingSafeEqual(Buffer.from(codeForStep(secret, step)), Buffer.from(code));
    if (same && found === undefined && (lastUsedStep === null || step > lastUsedStep)) {
      found = step;
    }
  }
  return found;
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
