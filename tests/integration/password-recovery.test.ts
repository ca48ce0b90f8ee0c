import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerConfig } from '../../server/config.ts';
import { hashToken } from '../../server/auth/sessions.ts';
import { codeForStep, stepAt, TOTP_PERIOD_SECONDS } from '../../server/auth/totp.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { makeClient, startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp.ts';

// A forgotten password through supabase-js, unchanged, against our server: the mail, its
// single-use link (implicit and PKCE flows), the new password, and what a link never gives
// (docs/decisions/035-forgotten-password.md).

type Start = (overrides?: Partial<ServerConfig>) => Promise<TestServer>;
const backends: [string, Start][] = [
  ['PGlite', (overrides) => startTestServer(overrides)],
  ['PostgreSQL', (overrides) => startPostgresTestServer(overrides)],
];

const NEW_PASSWORD_PAGE = '/admin/nouveau-mot-de-passe';

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

/** The verification link of a mail, as the owner would click it. */
function linkOf(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text);
  if (!match) throw new Error(`Pas de lien dans l'e-mail : ${mail.text}`);
  expect(mail.html).toContain(match[0].replace(/&/g, '&amp;'));
  return new URL(match[0]);
}

/** Follows the link as a browser would, up to the page it redirects to. */
async function follow(link: URL): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

function fragment(url: URL): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(url.hash.slice(1)));
}

/** A browser-like client in the PKCE flow (the code verifier kept in its memory storage). */
function pkceClient(server: TestServer): SupabaseClient {
  const store = new Map<string, string>();
  return createClient(server.url, server.anonKey, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
    },
    realtime: { transport: WebSocket as never },
  });
}

describe.each(backends)('forgotten password (%s)', (_name, start) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let users = 0;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await start({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A new administrator of its own for each test, so that no test depends on another. */
  async function owner() {
    users += 1;
    const who = { email: `patron${users}@garage.test`, password: `ancien-mot-de-passe-${users}` };
    await server.createUser(who.email, who.password, true);
    return who;
  }

  /** Asks for a link for `email` and returns the mail it brought. */
  async function askForLink(
    email: string,
    client = server.anonClient(),
  ): Promise<{ mail: ReceivedMail; redirectTo: string }> {
    const before = smtp.received.length;
    const redirectTo = new URL(NEW_PASSWORD_PAGE, server.url).href;
    const { data, error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mails = await smtp.waitFor(before + 1);
    return { mail: mails[before]!, redirectTo };
  }

  it('mails a French link that opens an aal1 session, for a new password that ends the others', async () => {
    const who = await owner();
    const elsewhere = await server.signedInClient(who.email, who.password);

    const { mail, redirectTo } = await askForLink(who.email.toUpperCase());
    expect(mail.to).toEqual([who.email]);
    expect(mail.subject).toMatch(/mot de passe/i);
    expect(mail.text).toMatch(/valable une heure/);
    // Signed by the garage, as every mail the product sends.
    const { identity } = DEFAULT_CONTENT;
    expect(mail.from).toContain(identity.name);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(identity.name);
      expect(part).toContain(identity.phone);
      expect(part).toContain(identity.postalCode);
    }
    const link = linkOf(mail);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo);

    const landing = await follow(link);
    expect(landing.origin + landing.pathname).toBe(redirectTo);
    const params = fragment(landing);
    expect(params).toMatchObject({ token_type: 'bearer', type: 'recovery' });
    expect(claims(params.access_token!)).toMatchObject({ email: who.email, aal: 'aal1' });
    expect((claims(params.access_token!).amr as { method: string }[])[0]!.method).toBe('recovery');

    const client = makeClient(server.url, server.anonKey);
    const set = await client.auth.setSession({
      access_token: params.access_token!,
      refresh_token: params.refresh_token!,
    });
    expect(set.error).toBeNull();
    const short = await client.auth.updateUser({ password: 'trop-court' });
    expect(short.error?.code).toBe('weak_password');
    const changed = await client.auth.updateUser({ password: 'nouveau-mot-de-passe-1' });
    expect(changed.error).toBeNull();

    // The session opened elsewhere with the old password is over; the new password signs in.
    expect((await elsewhere.auth.refreshSession()).error).not.toBeNull();
    const old = await server.anonClient().auth.signInWithPassword(who);
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await server.anonClient().auth.signInWithPassword({
      email: who.email,
      password: 'nouveau-mot-de-passe-1',
    });
    expect(fresh.error).toBeNull();
  });

  it('opens the account once: the same link again lands on the page with an error', async () => {
    const who = await owner();
    const link = linkOf((await askForLink(who.email)).mail);
    expect(fragment(await follow(link)).access_token).toBeDefined();

    const again = await follow(link);
    expect(again.searchParams.get('code')).toBeNull();
    expect(fragment(again)).toMatchObject({
      error: 'access_denied',
      error_code: 'otp_expired',
    });
    expect(fragment(again).access_token).toBeUndefined();
  });

  it('refuses a link older than one hour, and one replaced by a newer request', async () => {
    const who = await owner();
    const first = linkOf((await askForLink(who.email)).mail);
    const second = linkOf((await askForLink(who.email)).mail);
    expect(fragment(await follow(first)).error_code).toBe('otp_expired');

    // An hour later (the stored link made older, rather than a test that waits an hour).
    await server.db.transaction((tx) =>
      tx.query(
        `update auth.one_time_tokens set created_at = now() - interval '61 minutes'
          where token_hash = $1`,
        [hashToken(second.searchParams.get('token')!)],
      ),
    );
    expect(fragment(await follow(second)).error_code).toBe('otp_expired');
    const byHash = await server.anonClient().auth.verifyOtp({
      type: 'recovery',
      token_hash: second.searchParams.get('token')!,
    });
    expect(byHash.error?.code).toBe('otp_expired');
  });

  it('answers an unknown address exactly as a known one, and mails nothing to it', async () => {
    const who = await owner();
    const unknown = await server
      .anonClient()
      .auth.resetPasswordForEmail('personne@garage.test', { redirectTo: server.url });
    expect(unknown).toEqual({ data: {}, error: null });
    // The next mail to arrive is the known address's: none was sent for the unknown one.
    const { mail } = await askForLink(who.email);
    expect(mail.to).toEqual([who.email]);
    expect(smtp.received.filter((m) => m.to.includes('personne@garage.test'))).toEqual([]);
  });

  it('answers before looking the address up, so a known one takes no longer than an unknown one', async () => {
    const who = await owner();
    const before = smtp.received.length;
    // The accounts table locked by another transaction: any lookup of an address waits for it.
    let release!: () => void;
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = server.db.transaction(async (tx) => {
      await tx.query('lock table auth.users in access exclusive mode');
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await lockTaken;
    try {
      const answers = await Promise.all(
        [who.email, 'personne@garage.test'].map((email) =>
          fetch(new URL('/auth/v1/recover', server.url), {
            method: 'POST',
            headers: { apikey: server.anonKey, 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
            // Only a guard against a test that hangs: the answers come while the lock is held.
            signal: AbortSignal.timeout(30_000),
          }).then(async (res) => ({ status: res.status, body: await res.text() })),
        ),
      );
      expect(answers).toEqual([
        { status: 200, body: '{}' },
        { status: 200, body: '{}' },
      ]);
      expect(smtp.received.length).toBe(before);
    } finally {
      release();
      await holding;
    }
    // The work done after the answer: the known address gets its link, the unknown one nothing.
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual([who.email]);
    expect(linkOf(mail!).searchParams.get('type')).toBe('recovery');
  });

  it('sends the link to this site only, whatever redirect_to says', async () => {
    const who = await owner();
    const before = smtp.received.length;
    await server
      .anonClient()
      .auth.resetPasswordForEmail(who.email, { redirectTo: 'https://pirate.example/vol' });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const landing = await follow(linkOf(mail!));
    expect(landing.origin + landing.pathname).toBe(new URL(NEW_PASSWORD_PAGE, server.url).href);
  });

  it("accepts the link's token through verifyOtp({ type: 'recovery', token_hash })", async () => {
    const who = await owner();
    const token = linkOf((await askForLink(who.email)).mail).searchParams.get('token')!;
    const client = makeClient(server.url, server.anonKey);
    const { data, error } = await client.auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(who.email);
    expect(claims(data.session!.access_token).aal).toBe('aal1');
    const again = await client.auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('follows the PKCE flow: the link gives a code the asking browser exchanges once', async () => {
    const who = await owner();
    const browser = pkceClient(server);
    const link = linkOf((await askForLink(who.email, browser)).mail);
    expect(link.searchParams.get('token')).toMatch(/^pkce_/);

    const landing = await follow(link);
    const code = landing.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(landing.hash).toBe('');

    // Another browser, without the verifier, gets nothing from the code.
    const thief = pkceClient(server);
    const stolen = await thief.auth.exchangeCodeForSession(code!);
    expect(stolen.data.session).toBeNull();

    const { data, error } = await browser.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    // supabase-js reads the flow's type from its stored verifier (not in its types).
    expect((data as { redirectType?: string }).redirectType).toBe('recovery');
    expect(data.session?.user.email).toBe(who.email);
    const changed = await browser.auth.updateUser({ password: 'nouveau-mot-de-passe-pkce' });
    expect(changed.error).toBeNull();

    // Used once; and a used PKCE link lands with the error in the query too.
    const twice = await fetch(new URL('/auth/v1/token?grant_type=pkce', server.url), {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(twice.status).toBe(404);
    const reused = await follow(link);
    expect(reused.searchParams.get('error_code')).toBe('otp_expired');
  });

  it('does not skip the second factor: aal1 until the code, which the password change needs', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const who = await owner();
    const signedIn = await server.signedInClient(who.email, who.password);
    const enrolled = await signedIn.auth.mfa.enroll({ factorType: 'totp' });
    const factor = enrolled.data!;
    const code = () => codeForStep(factor.totp.secret, stepAt(Date.now()));
    expect(
      (await signedIn.auth.mfa.challengeAndVerify({ factorId: factor.id, code: code() })).error,
    ).toBeNull();

    const token = linkOf((await askForLink(who.email)).mail).searchParams.get('token')!;
    const client = makeClient(server.url, server.anonKey);
    const { data } = await client.auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(claims(data.session!.access_token).aal).toBe('aal1');
    const levels = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(levels.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    // Nothing reserved to administrators, and no new password, before the code.
    expect((await client.from('api_keys').select('name')).data ?? []).toEqual([]);
    const refused = await client.auth.updateUser({ password: 'nouveau-mot-de-passe-2fa' });
    expect(refused.error?.code).toBe('insufficient_aal');

    vi.setSystemTime(Date.now() + TOTP_PERIOD_SECONDS * 1000);
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: code(),
    });
    expect(verified.error).toBeNull();
    const changed = await client.auth.updateUser({ password: 'nouveau-mot-de-passe-2fa' });
    expect(changed.error).toBeNull();
  });

  it('reports that mail is on in the auth settings', async () => {
    const res = await fetch(new URL('/auth/v1/settings', server.url), {
      headers: { apikey: server.anonKey },
    });
    expect(((await res.json()) as Record<string, unknown>).password_recovery_email).toBe(true);
  });

  it('counts requests per address and per email, known or not, with a French 429', async () => {
    const limited = await start({
      smtpUrl: smtp.url,
      recoveryRateLimit: 3,
      recoveryPerEmailLimit: 2,
    });
    try {
      const ask = (email: string) =>
        limited.anonClient().auth.resetPasswordForEmail(email, { redirectTo: limited.url });
      expect((await ask('inconnu@garage.test')).error).toBeNull();
      expect((await ask('inconnu@garage.test')).error).toBeNull();
      const perEmail = await ask('INCONNU@garage.test');
      expect(perEmail.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      expect(perEmail.error?.message).toMatch(
        /^Trop de demandes de nouveau mot de passe\. Réessayez dans \d+ minutes?\.$/,
      );
      // The refused request above still counted for the address: a third address is refused.
      const perAddress = await ask('autre@garage.test');
      expect(perAddress.error?.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('forgotten password without a mail server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers as GoTrue with mail off, and says so in the auth settings', async () => {
    const { error } = await server
      .anonClient()
      .auth.resetPasswordForEmail('patron@garage.test', { redirectTo: server.url });
    expect(error).toMatchObject({ status: 422, code: 'email_provider_disabled' });
    expect(error?.message).toMatch(/n'envoie pas d'e-mails/);
    const res = await fetch(new URL('/auth/v1/settings', server.url), {
      headers: { apikey: server.anonKey },
    });
    expect(((await res.json()) as Record<string, unknown>).password_recovery_email).toBe(false);
  });
});

describe('sign-out scopes through supabase-js', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.createUser('patron@garage.test', 'mot-de-passe-patron-1', true);
  });
  afterAll(async () => {
    await server?.close();
  });

  const signIn = () => server.signedInClient('patron@garage.test', 'mot-de-passe-patron-1');
  const alive = async (client: SupabaseClient) =>
    (await client.auth.refreshSession()).error === null;

  it("'others' keeps this device only; 'global' ends every session, this one included", async () => {
    const [here, phone, laptop] = [await signIn(), await signIn(), await signIn()];
    expect((await here.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await alive(phone)).toBe(false);
    expect(await alive(laptop)).toBe(false);
    expect(await alive(here)).toBe(true);

    const other = await signIn();
    const session = (await here.auth.getSession()).data.session!;
    expect((await here.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect(await alive(other)).toBe(false);
    const probe = makeClient(server.url, server.anonKey);
    const reused = await probe.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error).not.toBeNull();
  });
});
