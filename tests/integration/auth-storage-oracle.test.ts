import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSetupLink } from '../../server/auth/setup.ts';
import { codeForStep, stepAt } from '../../server/auth/totp.ts';
import type { ServerConfig } from '../../server/config.ts';
import { MEDIA_BUCKET } from '../../src/content/media.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import {
  AUTH_ORACLE,
  compileSchemas,
  expectationOf,
  problemsOf,
  recordingFetch,
  routeOf,
  routeTable,
  STORAGE_ORACLE,
  type Exchange,
} from '../oracles/oracle.ts';

// Every answer of the auth and storage services, in the flows supabase-js and the administrator
// command use, checked against the JSON Schemas written from GoTrue's and Supabase Storage's
// published descriptions (tests/oracles/, docs/decisions/089-oracles-for-auth-and-storage.md).
// The routes come from the server's own route tables: a route without a schema, or one that
// the flows below never reach, fails.

const backends: [string, (overrides: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', (overrides) => startTestServer(overrides)],
  ['PostgreSQL', (overrides) => startPostgresTestServer(overrides)],
];

const OWNER = { email: 'patron@garage.test', password: 'mot-de-passe-oracle-1' };
const PARTNER = { email: 'associe@garage.test', password: 'mot-de-passe-oracle-2' };
const MEMBER = { email: 'membre@garage.test', password: 'mot-de-passe-oracle-3' };
const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };

describe('the oracle of the auth and storage services', () => {
  it('has the answers of every route of the route tables, and no other', () => {
    const table = routeTable();
    const declared = [
      ...Object.keys(AUTH_ORACLE).map((key) => `auth ${key}`),
      ...Object.keys(STORAGE_ORACLE).map((key) => `storage ${key}`),
    ];
    expect(declared.sort()).toEqual(table.map((r) => `${r.service} ${r.key}`).sort());
  });

  it('compiles every schema, each naming the commit it was written from', () => {
    const schemas = compileSchemas();
    const expected = new Set(
      [...Object.values(AUTH_ORACLE), ...Object.values(STORAGE_ORACLE)].flatMap((o) =>
        Object.values(o).filter((e) => e.endsWith('.schema.json')),
      ),
    );
    for (const name of expected) expect(schemas.has(name), name).toBe(true);
    for (const name of schemas.keys()) expect(name).toMatch(/^(auth|storage)\//);
  });
});

describe.each(backends)('auth and storage answers against their oracle (%s)', (_name, start) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let dataDir: string;
  const log: Exchange[] = [];
  const recorded = recordingFetch(log);

  /** A supabase-js client whose every answer is recorded. */
  function client(options: { pkce?: boolean } = {}): SupabaseClient {
    const store = new Map<string, string>();
    return createClient(server.url, server.anonKey, {
      auth: {
        persistSession: options.pkce === true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        ...(options.pkce
          ? {
              flowType: 'pkce' as const,
              storage: {
                getItem: (key: string) => store.get(key) ?? null,
                setItem: (key: string, value: string) => void store.set(key, value),
                removeItem: (key: string) => void store.delete(key),
              },
            }
          : {}),
      },
      global: { fetch: recorded },
      realtime: { transport: WebSocket as never },
    });
  }

  async function signedIn(who: { email: string; password: string }): Promise<SupabaseClient> {
    const c = client();
    const { error } = await c.auth.signInWithPassword(who);
    expect(error).toBeNull();
    return c;
  }

  /** A raw call, recorded; with the API version header unless `legacy`. */
  function call(
    path: string,
    init: {
      method?: string;
      body?: unknown;
      token?: string;
      legacy?: boolean;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    return recorded(`${server.url}${path}`, {
      method: init.method ?? 'POST',
      redirect: 'manual',
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${init.token ?? server.anonKey}`,
        'content-type': 'application/json',
        ...(init.legacy ? {} : API_VERSION),
        ...init.headers,
      },
      body:
        init.body === undefined
          ? undefined
          : typeof init.body === 'string'
            ? init.body
            : JSON.stringify(init.body),
    });
  }

  /** The token of the recovery link in the next mail. */
  async function mailedToken(send: () => Promise<unknown>): Promise<string> {
    const before = smtp.received.length;
    await send();
    const mail = (await smtp.waitFor(before + 1))[before]!;
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text);
    return new URL(link![0]).searchParams.get('token')!;
  }

  const accessToken = async (c: SupabaseClient) =>
    (await c.auth.getSession()).data.session!.access_token;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    dataDir = await mkdtemp(path.join(tmpdir(), 'garage-oracle-'));
    server = await start({ smtpUrl: smtp.url, dataDir });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the first administrator’s setup link', async () => {
    const token = await openSetupLink(server.db);
    expect((await call('/auth/v1/setup/check', { body: { token } })).status).toBe(200);
    expect((await call('/auth/v1/setup/check', { body: { token: 'faux' } })).status).toBe(403);
    const created = await call('/auth/v1/setup', { body: { token, ...OWNER } });
    expect(created.status).toBe(200);
    expect((await call('/auth/v1/setup', { body: { token, ...OWNER } })).status).toBe(410);
  });

  it('answers sign-in, the user, refresh, second factors and logout as supabase-js calls them', async () => {
    const anon = client();
    expect((await anon.auth.signInWithPassword({ ...OWNER, password: 'faux' })).error).not.toBe(
      null,
    );
    const owner = await signedIn(OWNER);
    expect((await owner.auth.getUser()).error).toBeNull();
    expect((await owner.auth.updateUser({ data: { prenom: 'Jean' } })).error).toBeNull();
    expect((await owner.auth.updateUser({ password: 'court' })).error?.status).toBe(422);
    expect((await owner.auth.refreshSession()).error).toBeNull();

    const enrolled = await owner.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tél.' });
    expect(enrolled.error).toBeNull();
    const { id: factorId, totp } = enrolled.data!;
    const first = await owner.auth.mfa.challenge({ factorId });
    expect(first.error).toBeNull();
    const wrongCode = codeForStep(totp.secret, stepAt(Date.now()) + 1000);
    const wrong = await owner.auth.mfa.verify({
      factorId,
      challengeId: first.data!.id,
      code: wrongCode,
    });
    expect(wrong.error?.status).toBe(422);
    const second = await owner.auth.mfa.challenge({ factorId });
    const right = await owner.auth.mfa.verify({
      factorId,
      challengeId: second.data!.id,
      code: codeForStep(totp.secret, stepAt(Date.now())),
    });
    expect(right.error).toBeNull();
    expect((await owner.auth.getUser()).data.user?.factors).toHaveLength(1);
    expect((await owner.auth.mfa.unenroll({ factorId })).error).toBeNull();
    expect((await owner.auth.mfa.unenroll({ factorId })).error?.status).toBe(404);

    const ended = await accessToken(owner);
    expect((await owner.auth.signOut()).error).toBeNull();
    expect((await call('/auth/v1/user', { method: 'GET', token: ended })).status).toBe(403);
    expect(
      (await call('/auth/v1/user', { method: 'GET', token: ended, legacy: true })).status,
    ).toBe(403);
  });

  it('answers a forgotten password by mail, its link, its token and its PKCE code', async () => {
    const anon = client();
    const token = await mailedToken(() => anon.auth.resetPasswordForEmail(OWNER.email));
    expect(
      (await call(`/auth/v1/verify?type=recovery&token=${token}`, { method: 'GET' })).status,
    ).toBe(303);
    const hashed = await mailedToken(() => anon.auth.resetPasswordForEmail(OWNER.email));
    expect((await anon.auth.verifyOtp({ type: 'recovery', token_hash: hashed })).error).toBeNull();
    expect((await anon.auth.verifyOtp({ type: 'recovery', token_hash: hashed })).error).not.toBe(
      null,
    );

    const browser = client({ pkce: true });
    const pkce = await mailedToken(() => browser.auth.resetPasswordForEmail(OWNER.email));
    const landing = await call(`/auth/v1/verify?type=recovery&token=${pkce}`, { method: 'GET' });
    const code = new URL(landing.headers.get('location')!).searchParams.get('code')!;
    expect((await browser.auth.exchangeCodeForSession(code)).error).toBeNull();
    expect((await browser.auth.exchangeCodeForSession(code)).error).not.toBe(null);
    expect((await anon.auth.resetPasswordForEmail('pas-une-adresse')).error).not.toBe(null);
  });

  it('answers what this server refuses, in both of GoTrue’s error shapes', async () => {
    const anon = client();
    expect((await anon.auth.signInWithOtp({ email: OWNER.email })).error).not.toBe(null);
    expect((await anon.auth.resend({ type: 'signup', email: OWNER.email })).error).not.toBe(null);
    for (const legacy of [false, true]) {
      for (const path of ['/signup', '/invite', '/magiclink', '/otp', '/resend'])
        expect((await call(`/auth/v1${path}`, { body: {}, legacy })).status).toBe(422);
      expect((await call('/auth/v1/token?grant_type=pkce', { body: {}, legacy })).status).toBe(400);
      expect((await call('/auth/v1/token?grant_type=magie', { body: {}, legacy })).status).toBe(
        400,
      );
      expect((await call('/auth/v1/token?grant_type=password', { body: '{', legacy })).status).toBe(
        400,
      );
      expect((await call('/auth/v1/nulle-part', { method: 'GET', legacy })).status).toBe(404);
      expect((await call('/auth/v1/verify', { body: { type: 'signup' }, legacy })).status).toBe(
        400,
      );
      expect((await call('/auth/v1/user', { method: 'GET', legacy })).status).toBe(403);
      expect((await call('/auth/v1/factors', { body: {}, legacy })).status).toBe(403);
    }
    expect(
      (await anon.auth.signUp({ email: 'nouveau@garage.test', password: 'x' })).error,
    ).not.toBe(null);
  });

  it('answers the administrator command’s calls, and its server proof', async () => {
    const challenge = randomBytes(32).toString('base64url');
    expect((await call('/auth/v1/server-proof', { body: { challenge } })).status).toBe(200);
    expect((await call('/auth/v1/server-proof', { body: { challenge: 'x' } })).status).toBe(400);
    const service = { token: server.serviceKey };
    const created = await call('/auth/v1/admin/users', {
      ...service,
      body: { ...MEMBER, email_confirm: true },
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect((await call('/auth/v1/admin/users', { ...service, body: MEMBER })).status).toBe(422);
    expect(
      (await call(`/auth/v1/admin/users?filter=membre`, { ...service, method: 'GET' })).status,
    ).toBe(200);
    expect(
      (
        await call(`/auth/v1/admin/users/${id}`, {
          ...service,
          method: 'PUT',
          body: { app_metadata: { note: 'oracle' } },
        })
      ).status,
    ).toBe(200);
    const member = await signedIn(MEMBER);
    const factor = (await member.auth.mfa.enroll({ factorType: 'totp' })).data!;
    const factors = `/auth/v1/admin/users/${id}/factors`;
    expect((await call(factors, { ...service, method: 'GET' })).status).toBe(200);
    expect((await call(`${factors}/${factor.id}`, { ...service, method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await call(`${factors}/${factor.id}`, { ...service, method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await call('/auth/v1/admin/users', { method: 'GET' })).status).toBe(403);
    expect((await call('/auth/v1/admin/audit', { method: 'GET' })).status).toBe(403);
    expect((await call('/auth/v1/admin/users', { method: 'GET', legacy: true })).status).toBe(403);
    for (const path of ['/health', '/settings', '/.well-known/jwks.json'])
      expect((await call(`/auth/v1${path}`, { method: 'GET' })).status).toBe(200);
  });

  it('answers uploads, lists, downloads, renderings and removals as supabase-js calls them', async () => {
    await server.createUser(PARTNER.email, PARTNER.password, true);
    const partner = await signedIn(PARTNER);
    const media = (c: SupabaseClient) => c.storage.from(MEDIA_BUCKET);
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#c83232' },
    })
      .png()
      .toBuffer();
    const name = `${randomUUID()}.png`;
    expect((await media(partner).upload(name, photo)).error).toBeNull();
    expect((await media(partner).upload(name, photo)).error).not.toBe(null);
    expect((await media(partner).upload(name, photo, { upsert: true })).error).toBeNull();
    expect((await media(partner).update(name, photo)).error).toBeNull();
    expect((await media(client()).upload(`${randomUUID()}.png`, photo)).error).not.toBe(null);
    expect(
      (await media(partner).upload(`${randomUUID()}.png`, Buffer.from('<svg/>'))).error,
    ).not.toBe(null);
    expect((await media(partner).upload('../dehors.png', photo)).error).not.toBe(null);

    expect((await media(partner).list()).error).toBeNull();
    expect((await partner.storage.from('inconnu').list()).error).not.toBe(null);
    const sorted = await media(partner).list('', { sortBy: { column: 'taille', order: 'asc' } });
    expect(sorted.error).not.toBe(null);
    const huge = { prefix: '', search: 'x'.repeat(1024 * 1024 + 1) };
    expect((await call(`/storage/v1/object/list/${MEDIA_BUCKET}`, { body: huge })).status).toBe(
      413,
    );

    const publicUrl = media(partner).getPublicUrl(name).data.publicUrl;
    const fetched = await recorded(publicUrl);
    expect(fetched.status).toBe(200);
    const eTag = fetched.headers.get('etag')!;
    expect((await recorded(publicUrl, { headers: { 'if-none-match': eTag } })).status).toBe(304);
    expect((await recorded(publicUrl.replace(name, `${randomUUID()}.png`))).status).toBe(404);
    const rendered = media(partner).getPublicUrl(name, { transform: { width: 480 } }).data
      .publicUrl;
    expect((await recorded(rendered)).status).toBe(200);
    expect((await recorded(`${rendered.split('?')[0]}?width=abc`)).status).toBe(400);
    expect((await media(partner).download(name)).error).toBeNull();
    expect((await media(partner).download(name, { transform: { width: 480 } })).error).toBeNull();
    const token = await accessToken(partner);
    for (const path of [
      `/storage/v1/object/authenticated/${MEDIA_BUCKET}/${name}`,
      `/storage/v1/object/${MEDIA_BUCKET}/${randomUUID()}.png`,
    ])
      expect([200, 404]).toContain((await call(path, { method: 'GET', token })).status);
    expect((await call(`/storage/v1/bucket`, { method: 'GET', token })).status).toBe(404);
    expect(
      (
        await call(`/storage/v1/object/public/${MEDIA_BUCKET}/x.png`, {
          method: 'GET',
          token: 'x.y.z',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(`/storage/v1/object/list/${MEDIA_BUCKET}`, { body: {}, token: 'x.y.z' })).status,
    ).toBe(403);

    expect(await media(client()).remove([name])).toEqual({ data: [], error: null });
    expect((await media(partner).remove([name])).error).toBeNull();
    expect(
      (await call(`/storage/v1/object/${MEDIA_BUCKET}`, { method: 'DELETE', body: {}, token }))
        .status,
    ).toBe(400);

    // A session ended elsewhere: its token is refused at once, in storage's shape.
    const elsewhere = await signedIn(PARTNER);
    const ended = await accessToken(elsewhere);
    expect((await elsewhere.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(
      (await call(`/storage/v1/object/list/${MEDIA_BUCKET}`, { body: {}, token: ended })).status,
    ).toBe(401);
  });

  it('sent every answer in the shape of its route and status, and reached every route', () => {
    const schemas = compileSchemas();
    const problems: string[] = [];
    const reached = new Set<string>();
    for (const exchange of log) {
      const what = `${exchange.method} ${exchange.url.pathname} → ${exchange.status}`;
      const route = routeOf(exchange.method, exchange.url);
      if (!route) {
        problems.push(`${what}: no route`);
        continue;
      }
      reached.add(`${route.service} ${route.key}`);
      const expectation = expectationOf(exchange, route);
      if (!expectation) {
        problems.push(`${what}: no schema for ${route.service} ${route.key} in ${exchange.status}`);
        continue;
      }
      for (const problem of problemsOf(exchange, expectation, schemas))
        problems.push(`${what} (${expectation}): ${problem} in ${exchange.body.slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
    const unreached = routeTable()
      .map((r) => `${r.service} ${r.key}`)
      .filter((key) => !reached.has(key));
    expect(unreached).toEqual([]);
  });
});
