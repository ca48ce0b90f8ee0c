import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { signJwt, verifyJwt } from '../../server/jwt.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = { email: 'patron@garage.test', password: 'mot-de-passe-admin-1' };
const MEMBER = { email: 'client@garage.test', password: 'mot-de-passe-client-1' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Raw calls, as supabase-js makes them (the API version header decides the error shape). */
function authFetch(
  server: TestServer,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
) {
  return fetch(`${server.url}/auth/v1${path}`, {
    method: init.method ?? 'POST',
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${init.token ?? server.anonKey}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const refresh = (server: TestServer, token: string) =>
  authFetch(server, '/token?grant_type=refresh_token', { body: { refresh_token: token } });

async function signIn(server: TestServer, who = MEMBER) {
  const client = server.anonClient();
  const { data, error } = await client.auth.signInWithPassword(who);
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, session: data.session };
}

describe('auth: sign-in, refresh, user, logout', () => {
  let server: TestServer;
  let adminId: string;

  beforeAll(async () => {
    server = await startTestServer();
    adminId = await server.createUser(ADMIN.email, ADMIN.password, true);
    await server.createUser(MEMBER.email, MEMBER.password, false);
  });
  afterAll(() => server?.close());

  it('signs an administrator in with a GoTrue session and Supabase claims', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { session } = await signIn(server, ADMIN);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.refresh_token).toEqual(expect.any(String));
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.user).toMatchObject({
      id: adminId,
      aud: 'authenticated',
      role: 'authenticated',
      email: ADMIN.email,
      app_metadata: { provider: 'email', providers: ['email'], role: 'admin' },
      user_metadata: {},
      is_anonymous: false,
    });
    expect(session.user.last_sign_in_at).toEqual(expect.any(String));

    const verified = await verifyJwt(session.access_token, server.config.jwtSecret);
    expect(verified.ok).toBe(true);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      aud: 'authenticated',
      iss: `${server.url}/auth/v1`,
      sub: adminId,
      email: ADMIN.email,
      phone: '',
      app_metadata: { role: 'admin' },
      user_metadata: {},
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.session_id).toMatch(UUID);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  it('refuses a wrong password and an unknown email alike, with 400 invalid_credentials', async () => {
    for (const attempt of [
      { email: MEMBER.email, password: 'pas-le-bon-mot-de-passe' },
      { email: 'inconnu@garage.test', password: MEMBER.password },
    ]) {
      const { data, error } = await server.anonClient().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('answers missing fields, phone sign-in and bad JSON with clear errors', async () => {
    const missing = await authFetch(server, '/token?grant_type=password', {
      body: { email: MEMBER.email },
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'validation_failed' });

    const phone = await authFetch(server, '/token?grant_type=password', {
      body: { phone: '+33600000000', password: 'x' },
    });
    expect(phone.status).toBe(422);
    expect(await phone.json()).toEqual({
      code: 'phone_provider_disabled',
      message: 'Phone logins are disabled',
    });

    const badJson = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(badJson.status).toBe(400);
    // Without the API version header, GoTrue's legacy shape.
    expect(await badJson.json()).toMatchObject({ code: 400, error_code: 'bad_json' });
  });

  it('rotates refresh tokens: each refresh hands out a new one for the same session', async () => {
    const { client, session } = await signIn(server);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const renewed = data.session!;
    expect(renewed.refresh_token).not.toBe(session.refresh_token);
    expect(renewed.user.email).toBe(MEMBER.email);
    expect(decodeJwt(renewed.access_token).session_id).toBe(
      decodeJwt(session.access_token).session_id,
    );
    const { data: me } = await client.auth.getUser(renewed.access_token);
    expect(me.user?.email).toBe(MEMBER.email);
  });

  it('two refreshes with one token at the same instant (two tabs) both get a working session', async () => {
    const { session } = await signIn(server);
    const both = await Promise.all([
      refresh(server, session.refresh_token),
      refresh(server, session.refresh_token),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const sessions = (await Promise.all(both.map((r) => r.json()))) as {
      access_token: string;
      refresh_token: string;
    }[];
    expect(sessions[0]!.refresh_token).not.toBe(sessions[1]!.refresh_token);
    for (const tab of sessions) {
      const user = await authFetch(server, '/user', { method: 'GET', token: tab.access_token });
      expect(user.status).toBe(200);
      // Each tab goes on refreshing with the token it got: the session did not end.
      expect((await refresh(server, tab.refresh_token)).status).toBe(200);
    }
  });

  it('a used token presented after the reuse interval is refused and ends the session', async () => {
    const { client, session } = await signIn(server);
    const renewed = (await client.auth.refreshSession()).data.session!;
    // As if the reuse came 11 seconds after the token was used up (the interval is 10 s).
    await server.db.transaction((tx) =>
      tx.query(
        "update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where revoked",
      ),
    );
    const reuse = await refresh(server, session.refresh_token);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
      // Beside GoTrue's body, why the session ended (docs/decisions/028-expired-session.md).
      session_ended: 'refresh_token_reused',
    });
    // Reuse detection: the whole session is gone, newer tokens included.
    const newer = await refresh(server, renewed.refresh_token);
    expect(newer.status).toBe(400);
    expect((await newer.json()).code).toBe('refresh_token_not_found');
    const user = await authFetch(server, '/user', { method: 'GET', token: renewed.access_token });
    expect(user.status).toBe(403);
    expect((await user.json()).code).toBe('session_not_found');
  });

  it('refuses an unknown refresh token', async () => {
    const res = await refresh(server, 'nimporte-quoi');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });

  it('logout revokes the refresh token and the session behind the access token', async () => {
    const { client, session } = await signIn(server);
    expect((await client.auth.signOut()).error).toBeNull();

    const res = await refresh(server, session.refresh_token);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('refresh_token_not_found');

    const user = await authFetch(server, '/user', { method: 'GET', token: session.access_token });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
      session_ended: 'signed_out_everywhere',
    });
    const { data, error } = await server.anonClient().auth.getUser(session.access_token);
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
  });

  it('logout with scope=others keeps the current session only', async () => {
    const first = await signIn(server);
    const second = await signIn(server);
    const res = await authFetch(server, '/logout?scope=others', {
      token: first.session.access_token,
    });
    expect(res.status).toBe(204);
    expect(
      (await authFetch(server, '/user', { method: 'GET', token: first.session.access_token }))
        .status,
    ).toBe(200);
    expect(
      (await authFetch(server, '/user', { method: 'GET', token: second.session.access_token }))
        .status,
    ).toBe(403);
    expect((await refresh(server, second.session.refresh_token)).status).toBe(400);

    const bad = await authFetch(server, '/logout?scope=everyone', {
      token: first.session.access_token,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('validation_failed');
  });

  it('refuses missing, forged and expired tokens on /user', async () => {
    const none = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.anonKey, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('no_authorization');

    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: adminId, role: 'authenticated', aud: 'authenticated', iat: now - 7200 };
    const expired = await signJwt({ ...claims, exp: now - 3600 }, server.config.jwtSecret);
    const forged = await signJwt(
      { ...claims, exp: now + 3600 },
      'un-autre-secret-de-plus-de-32-caracteres',
    );
    for (const token of [expired, forged]) {
      const res = await authFetch(server, '/user', { method: 'GET', token });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('bad_jwt');
    }
  });

  it('gives 401 on /rest/v1 for an expired JWT', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signJwt(
      {
        sub: adminId,
        role: 'authenticated',
        aud: 'authenticated',
        iat: now - 7200,
        exp: now - 3600,
      },
      server.config.jwtSecret,
    );
    const res = await fetch(`${server.url}/rest/v1/site_content?select=type`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${expired}` },
    });
    expect(res.status).toBe(401);
  });

  it('refuses public sign-up', async () => {
    const { data, error } = await server.anonClient().auth.signUp({
      email: 'nouveau@garage.test',
      password: 'un-mot-de-passe-long',
    });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({
      status: 422,
      code: 'signup_disabled',
      message: 'Signups not allowed for this instance',
    });
    const nobody = await server.anonClient().auth.signInWithPassword({
      email: 'nouveau@garage.test',
      password: 'un-mot-de-passe-long',
    });
    expect(nobody.error?.code).toBe('invalid_credentials');
  });

  it('PUT /user refuses a short password, changes a good one and merges metadata', async () => {
    const who = { email: 'change@garage.test', password: 'ancien-mot-de-passe' };
    await server.createUser(who.email, who.password);
    const { client } = await signIn(server, who);
    const other = await signIn(server, who);

    const short = await client.auth.updateUser({ password: 'court' });
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    const same = await client.auth.updateUser({ password: who.password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });

    const changed = await client.auth.updateUser({
      password: 'nouveau-mot-de-passe',
      data: { nom: 'Garage' },
    });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.user_metadata).toEqual({ nom: 'Garage' });
    const cleared = await client.auth.updateUser({ data: { nom: null, ville: 'Lyon' } });
    expect(cleared.data.user?.user_metadata).toEqual({ ville: 'Lyon' });

    // The other session ended; this one lives on; only the new password signs in.
    expect((await refresh(server, other.session.refresh_token)).status).toBe(400);
    expect((await client.auth.getUser()).data.user?.email).toBe(who.email);
    expect((await server.anonClient().auth.signInWithPassword(who)).error?.code).toBe(
      'invalid_credentials',
    );
    await signIn(server, { email: who.email, password: 'nouveau-mot-de-passe' });
  });

  it('PUT /user refuses a common password with the reason in French, and takes a strong one', async () => {
    const who = { email: 'courant@garage.test', password: 'ancien-mot-de-passe-7' };
    await server.createUser(who.email, who.password);
    const { client } = await signIn(server, who);

    for (const [password, reason] of [
      ['motdepasse123', ''],
      ['azertyuiop123', ' Les lignes droites de touches de votre clavier sont faciles à deviner.'],
    ] as const) {
      const refused = await client.auth.updateUser({ password });
      expect(refused.error).toMatchObject({
        status: 422,
        code: 'weak_password',
        reasons: ['pwned'],
        message:
          `Ce mot de passe est trop facile à deviner.${reason} Choisissez-en un plus original : ` +
          'par exemple trois ou quatre mots sans rapport entre eux.',
      });
    }
    // Refused, the old password still signs in.
    await signIn(server, who);
    const strong = await client.auth.updateUser({ password: 'cheval-agrafe-pile-42' });
    expect(strong.error).toBeNull();
    await signIn(server, { email: who.email, password: 'cheval-agrafe-pile-42' });
  });

  it('keeps the admin API to the service role', async () => {
    const body = {
      email: 'cree@garage.test',
      password: 'un-mot-de-passe-long',
      email_confirm: true,
    };
    const { session } = await signIn(server, ADMIN);
    for (const token of [server.anonKey, session.access_token]) {
      const res = await authFetch(server, '/admin/users', { body, token });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('not_admin');
    }
    const created = await authFetch(server, '/admin/users', { body, token: server.serviceKey });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({
      email: body.email,
      app_metadata: { provider: 'email' },
    });
    const again = await authFetch(server, '/admin/users', { body, token: server.serviceKey });
    expect(again.status).toBe(422);
    expect((await again.json()).code).toBe('email_exists');
    const short = await authFetch(server, '/admin/users', {
      body: { ...body, email: 'autre@garage.test', password: 'court' },
      token: server.serviceKey,
    });
    expect(short.status).toBe(422);
    expect((await short.json()).code).toBe('weak_password');
  });

  it('answers unknown endpoints and grant types with JSON errors', async () => {
    const unknown = await authFetch(server, '/nulle-part', { method: 'GET' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('not_found');
    const grant = await authFetch(server, '/token?grant_type=pkce', { body: {} });
    expect(grant.status).toBe(400);
    expect((await grant.json()).code).toBe('validation_failed');
  });
});

describe('auth: failed sign-ins are limited', () => {
  const wrong = (email: string) => ({ email, password: 'mauvais-mot-de-passe' });

  it('the sixth bad password for one email gives 429, even with the right password', async () => {
    const server = await startTestServer();
    try {
      await server.createUser(MEMBER.email, MEMBER.password);
      await server.createUser(ADMIN.email, ADMIN.password, true);
      for (let i = 0; i < 5; i++) {
        const { error } = await server.anonClient().auth.signInWithPassword(wrong(MEMBER.email));
        expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
      }
      for (const attempt of [wrong(MEMBER.email), MEMBER]) {
        const { error } = await server.anonClient().auth.signInWithPassword(attempt);
        expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
        expect(error?.message).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.');
      }
      const raw = await authFetch(server, '/token?grant_type=password', { body: MEMBER });
      expect(raw.status).toBe(429);
      expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(800);
    } finally {
      await server.close();
    }
  });

  it('counts by client address across emails, ignoring a forged X-Forwarded-For', async () => {
    const server = await startTestServer({ signInMaxFailuresPerAddress: 3 });
    try {
      await server.createUser(MEMBER.email, MEMBER.password);
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}` },
          body: JSON.stringify(wrong(`personne-${i}@garage.test`)),
        });
        expect(res.status).toBe(400);
      }
      const { error } = await server.anonClient().auth.signInWithPassword(MEMBER);
      expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    } finally {
      await server.close();
    }
  });
});
