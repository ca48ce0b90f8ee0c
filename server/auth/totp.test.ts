import { describe, expect, it } from 'vitest';
import { ScureBase32Plugin } from 'otplib';
import {
  codeForStep,
  decryptTotpSecret,
  encryptTotpSecret,
  generateTotpSecret,
  matchingStep,
  stepAt,
  totpUri,
} from './totp.ts';

// RFC 6238, appendix B: the SHA-1 secret "12345678901234567890" and its 8-digit codes, of which
// an authenticator app shows the last 6. They check that otplib is given the right settings.
const RFC_SECRET = new ScureBase32Plugin().encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP codes', () => {
  it.each(RFC_VECTORS)('gives the RFC 6238 code at %i s', (seconds, code) => {
    expect(codeForStep(RFC_SECRET, stepAt(seconds * 1000))).toBe(code.slice(-6));
  });

  it('makes 160-bit base32 secrets', () => {
    expect(generateTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(generateTotpSecret());
  });

  it('accepts the current code and one step either way, and no further', () => {
    const secret = generateTotpSecret();
    const now = 1_800_000_000_000;
    const step = stepAt(now);
    for (const offset of [-1, 0, 1]) {
      expect(matchingStep(codeForStep(secret, step + offset), secret, now, null)).toBe(
        step + offset,
      );
    }
    for (const offset of [-2, 2]) {
      expect(matchingStep(codeForStep(secret, step + offset), secret, now, null)).toBeUndefined();
    }
    expect(matchingStep('12345', secret, now, null)).toBeUndefined();
    expect(matchingStep('abcdef', secret, now, null)).toBeUndefined();
  });

  it('refuses a code of a step already used, or of an earlier one', () => {
    const secret = generateTotpSecret();
    const now = 1_800_000_000_000;
    const step = stepAt(now);
    expect(matchingStep(codeForStep(secret, step), secret, now, step)).toBeUndefined();
    expect(matchingStep(codeForStep(secret, step - 1), secret, now, step)).toBeUndefined();
    expect(matchingStep(codeForStep(secret, step + 1), secret, now, step)).toBe(step + 1);
  });

  it('builds the otpauth address an authenticator app reads', () => {
    const uri = new URL(totpUri('JBSWY3DPEHPK3PXP', 'garage.test', 'patron@garage.test'));
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.host + uri.pathname)).toBe('totp/garage.test:patron@garage.test');
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(uri.searchParams.get('issuer')).toBe('garage.test');
    // Left out, a setting is read by apps as its default: SHA-1, 6 digits, 30 seconds.
    expect(uri.searchParams.get('algorithm') ?? 'SHA1').toBe('SHA1');
    expect(uri.searchParams.get('digits') ?? '6').toBe('6');
    expect(uri.searchParams.get('period') ?? '30').toBe('30');
  });
});

describe('stored TOTP secrets', () => {
  const jwtSecret = 'x'.repeat(40);
  const factorId = '0b7b8f5e-2f57-4a55-9e3b-7d0d3f3c1a10';

  it('are stored encrypted and read back', () => {
    const secret = generateTotpSecret();
    const stored = encryptTotpSecret(secret, jwtSecret, factorId);
    expect(stored).not.toContain(secret);
    expect(decryptTotpSecret(stored, jwtSecret, factorId)).toBe(secret);
  });

  it('cannot be read with another key or for another factor', () => {
    const stored = encryptTotpSecret(generateTotpSecret(), jwtSecret, factorId);
    expect(() => decryptTotpSecret(stored, 'y'.repeat(40), factorId)).toThrow();
    expect(() =>
      decryptTotpSecret(stored, jwtSecret, '11111111-2f57-4a55-9e3b-7d0d3f3c1a10'),
    ).toThrow();
  });
});
