import { afterEach, describe, expect, it, vi } from 'vitest';
import { signJwt, verifyJwt } from './jwt.ts';

const SECRET = 'un-secret-de-test-de-plus-de-trente-deux-caracteres';
const OTHER = 'un-autre-secret-de-test-de-plus-de-trente-deux-car';

describe('verifyJwt', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a good token again and again, and never for another secret', async () => {
    const token = await signJwt({ role: 'anon', sub: 'a' }, SECRET);
    for (let i = 0; i < 3; i++) {
      const result = await verifyJwt(token, SECRET);
      expect(result).toEqual({ ok: true, claims: { role: 'anon', sub: 'a' } });
    }
    expect(await verifyJwt(token, OTHER)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T10:00:00Z') });
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = await signJwt({ role: 'authenticated', exp }, SECRET);
    expect((await verifyJwt(token, SECRET)).ok).toBe(true);
    vi.setSystemTime(new Date('2026-11-23T10:01:00Z'));
    expect(await verifyJwt(token, SECRET)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a remembered token before its nbf', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T10:00:00Z') });
    const nbf = Math.floor(Date.now() / 1000);
    const token = await signJwt({ role: 'authenticated', nbf }, SECRET);
    expect((await verifyJwt(token, SECRET)).ok).toBe(true);
    vi.setSystemTime(new Date('2026-11-23T09:59:00Z'));
    expect(await verifyJwt(token, SECRET)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token whose signature or payload was changed', async () => {
    const token = await signJwt({ role: 'anon' }, SECRET);
    expect((await verifyJwt(token, SECRET)).ok).toBe(true);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    expect(await verifyJwt(`${header}.${forged}.${signature}`, SECRET)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifyJwt(`${token.slice(0, -2)}AA`, SECRET)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('gives claims nobody can change for the next request', async () => {
    const token = await signJwt({ role: 'anon' }, SECRET);
    const first = await verifyJwt(token, SECRET);
    if (!first.ok) throw new Error('refused');
    expect(() => {
      first.claims.role = 'service_role';
    }).toThrow();
    expect(await verifyJwt(token, SECRET)).toEqual({ ok: true, claims: { role: 'anon' } });
  });
});
