import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeForStep, stepAt, TOTP_PERIOD_SECONDS } from '../../server/auth/totp.ts';
import { isAdminSession } from '../../src/admin/auth/is-admin.ts';
import { CODE_NEEDED, signInAsAdmin, WRONG_CODE } from '../../src/admin/auth/sign-in.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// The owner's second factor through supabase-js's `auth.mfa`, unchanged, against our server, and
// the database refusing an administrator's password-only token once a factor is verified
// (docs/decisions/034-two-factor-sign-in.md).

const backends: [string, () => Promise<TestServer>][] = [
  ['PGlite', () => startTestServer()],
  ['PostgreSQL', () => startPostgresTestServer()],
];

const OWNER = { email: 'patron@garage.test', password: 'mot-de-passe-patron-1' };
/** A second administrator, who never enrols a factor. */
const PARTNER = { email: 'associe@garage.test', password: 'mot-de-passe-associe-1' };

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

/** The code an authenticator app shows now. */
const currentCode = (secret: string) => codeForStep(secret, stepAt(Date.now()));

/** Moves the clock to the next 30-second step (only Date is faked: the network runs as usual). */
function nextStep() {
  vi.setSystemTime(Date.now() + TOTP_PERIOD_SECONDS * 1000);
}

/** What an administrator's token may do with what is reserved to administrators. */
async function adminRights(client: SupabaseClient) {
  const read = await client.from('api_keys').select('name');
  const write = await client
    .from('api_keys')
    .upsert({ name: 'openai', key: `sk-${Date.now()}` })
    .select('name');
  // Article generation spends the stored OpenAI key: administrators only (403 otherwise; with
  // `count: 0` an administrator gets a 400 before anything is generated).
  const generate = await client.functions.invoke('generate-articles', { body: { count: 0 } });
  const status = (generate.error as { context?: Response } | null)?.context?.status ?? 200;
  return {
    reads: (read.data ?? []).length > 0,
    writes: write.error === null && (write.data ?? []).length === 1,
    generates: status !== 401 && status !== 403,
  };
}

describe.each(backends)('two-factor sign-in (%s)', (_name, start) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await start();
    await server.createUser(OWNER.email, OWNER.password, true);
    await server.createUser(PARTNER.email, PARTNER.password, true);
    const service = server.serviceClient();
    const { error } = await service.from('api_keys').upsert({ name: 'openai', key: 'sk-initial' });
    expect(error).toBeNull();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const signIn = (who = OWNER) => server.signedInClient(who.email, who.password);

  it('enrols, verifies, and asks for the code at the next sign-in, which RLS enforces', async () => {
    const owner = await signIn();
    expect(await adminRights(owner)).toEqual({ reads: true, writes: true, generates: true });

    const enrolled = await owner.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Téléphone',
    });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Téléphone' });
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);

    // Enrolled but not yet verified: not a second factor yet.
    let listed = await owner.auth.mfa.listFactors();
    expect(listed.data!.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
    expect(listed.data!.totp).toEqual([]);
    expect((await owner.auth.getUser()).data.user!.factors![0]).not.toHaveProperty('secret');

    const wrong = await owner.auth.mfa.challengeAndVerify({ factorId: factor.id, code: '000000' });
    expect(wrong.error?.code ?? wrong.error?.message).toMatch(/mfa_verification_failed|Invalid/);

    const verified = await owner.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: currentCode(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    const token = claims(verified.data!.access_token);
    expect(token.aal).toBe('aal2');
    expect((token.amr as { method: string }[]).map((entry) => entry.method)).toEqual([
      'totp',
      'password',
    ]);
    listed = await owner.auth.mfa.listFactors();
    expect(listed.data!.totp.map((f) => [f.id, f.status])).toEqual([[factor.id, 'verified']]);
    expect((await owner.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    expect(await adminRights(owner)).toEqual({ reads: true, writes: true, generates: true });

    // The password alone: signed in at aal1, and the database refuses what is for administrators.
    const thief = await signIn();
    expect((await thief.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    expect(await adminRights(thief)).toEqual({ reads: false, writes: false, generates: false });
    const content = await thief
      .from('site_content')
      .update({ content: {} })
      .eq('type', 'hero')
      .select('type');
    expect(content.data ?? []).toEqual([]);
    // …nor change the password, nor remove the factor.
    const password = await thief.auth.updateUser({ password: 'un-autre-mot-de-passe-9' });
    expect(password.error?.code).toBe('insufficient_aal');
    const removal = await thief.auth.mfa.unenroll({ factorId: factor.id });
    expect(removal.error?.code).toBe('insufficient_aal');

    // The same code again is refused, even within its 30 seconds; the next one is accepted.
    const replay = await thief.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: currentCode(factor.totp.secret),
    });
    expect(replay.error?.code).toBe('mfa_verification_failed');
    nextStep();
    const second = await thief.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: currentCode(factor.totp.secret),
    });
    expect(second.error).toBeNull();
    expect(claims(second.data!.access_token).aal).toBe('aal2');
    expect(await adminRights(thief)).toEqual({ reads: true, writes: true, generates: true });

    // A refreshed aal2 session stays aal2.
    const refreshed = await thief.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claims(refreshed.data.session!.access_token).aal).toBe('aal2');

    // An administrator without a factor is not concerned.
    expect(await adminRights(await signIn(PARTNER))).toEqual({
      reads: true,
      writes: true,
      generates: true,
    });

    // Removed from an aal2 session: the password alone is enough again.
    const unenrolled = await thief.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenrolled.error).toBeNull();
    expect(unenrolled.data).toEqual({ id: factor.id });
    const after = await signIn();
    expect((await after.auth.mfa.listFactors()).data!.all).toEqual([]);
    expect((await after.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
    expect(await adminRights(after)).toEqual({ reads: true, writes: true, generates: true });
  });

  it('ends the password-only sessions when a factor is verified', async () => {
    const owner = await signIn();
    const other = await signIn();
    const factor = (await owner.auth.mfa.enroll({ factorType: 'totp' })).data!;
    nextStep();
    const verified = await owner.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: currentCode(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect((await other.auth.refreshSession()).error).not.toBeNull();
    expect((await owner.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
  });

  it('counts wrong codes like wrong passwords', async () => {
    const owner = await signIn();
    const factor = (await owner.auth.mfa.enroll({ factorType: 'totp' })).data!;
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      const { error } = await owner.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: '000000',
      });
      codes.push(error?.code);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('mfa_verification_failed'));
    expect(codes[5]).toBe('over_request_rate_limit');
    expect((await owner.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
  });

  it('counts wrong codes for one factor however the letters of its id are written', async () => {
    const owner = await signIn();
    const factor = (await owner.auth.mfa.enroll({ factorType: 'totp' })).data!;
    // The same uuid, its letters in upper case on every other try.
    const spellings = [factor.id, factor.id.toUpperCase()];
    expect(spellings[1]).not.toBe(spellings[0]);
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      const { error } = await owner.auth.mfa.challengeAndVerify({
        factorId: spellings[i % 2]!,
        code: '000000',
      });
      codes.push(error?.code);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('mfa_verification_failed'));
    expect(codes[5]).toBe('over_request_rate_limit');
    expect((await owner.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
  });

  it('asks the back-office sign-in for the code as a second step', async () => {
    const owner = await signIn();
    const factor = (await owner.auth.mfa.enroll({ factorType: 'totp' })).data!;
    nextStep();
    await owner.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: currentCode(factor.totp.secret),
    });

    const browser = server.anonClient();
    const first = await signInAsAdmin(browser.auth, OWNER.email, OWNER.password);
    expect(first).toMatchObject({ ok: false, message: CODE_NEEDED });
    if (first.ok || !first.verifyCode) throw new Error('a second step was expected');
    // The password-only session stored meanwhile is not one the back-office accepts.
    expect(isAdminSession((await browser.auth.getSession()).data.session)).toBe(false);

    const wrong = await first.verifyCode('000000');
    expect(wrong).toMatchObject({ ok: false, message: WRONG_CODE });
    if (wrong.ok || !wrong.verifyCode) throw new Error('another try was expected');
    nextStep();
    const right = await wrong.verifyCode(currentCode(factor.totp.secret));
    expect(right.ok).toBe(true);
    expect(isAdminSession((await browser.auth.getSession()).data.session)).toBe(true);
    expect(await adminRights(browser)).toEqual({ reads: true, writes: true, generates: true });

    // Without a factor, the password is enough.
    const partner = await signInAsAdmin(server.anonClient().auth, PARTNER.email, PARTNER.password);
    expect(partner.ok).toBe(true);
    expect((await owner.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
  });

  it('signs out the other devices, or everywhere', async () => {
    const here = await signIn();
    const phone = await signIn();
    const laptop = await signIn();
    expect((await here.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await here.auth.refreshSession()).error).toBeNull();
    expect((await phone.auth.refreshSession()).error).not.toBeNull();
    expect((await laptop.auth.refreshSession()).error).not.toBeNull();

    const again = await signIn();
    expect((await here.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect((await again.auth.refreshSession()).error).not.toBeNull();
  });
});
