import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../src/lib/auth-client.ts';
import { authRequest } from '../../src/lib/auth-request.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// authRequest() sends what auth-js has no method for through an auth client's own address,
// headers and fetch (docs/decisions/083-one-client-in-the-back-office.md). Against the real
// server, with the two clients that use it: the back-office's full client and the sign-in pages'
// auth client. A supabase-js upgrade that moved what it reads fails here.

const OWNER = { email: 'patron@garage.test', password: 'mot-de-passe-admin-1' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.createUser(OWNER.email, OWNER.password, true);
});
afterAll(() => server?.close());

/** The headers of every request a client's fetch sends, in order. */
function recorder() {
  const sent: Headers[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    sent.push(new Headers(init?.headers));
    return globalThis.fetch(input, init);
  };
  return { sent, fetch };
}

const clients = {
  "the back-office's client": (fetch?: typeof globalThis.fetch) =>
    createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch },
    }).auth,
  "the sign-in pages' client": () => createAuthClient({ url: server.url, anonKey: server.anonKey }),
};

describe('authRequest', () => {
  it.each(Object.entries(clients))("reads the server's settings through %s", async (_, make) => {
    const res = await authRequest(make(), 'settings');
    expect(res.status).toBe(200);
    const settings = (await res.json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ disable_signup: true, password_recovery_email: false });
  });

  it("sends the client's own key and name, through the client's fetch", async () => {
    const { sent, fetch } = recorder();
    const auth = clients["the back-office's client"](fetch);
    await auth.signInWithPassword({ email: OWNER.email, password: 'pas-le-bon-mot-de-passe' });
    const own = sent.at(-1)!;
    const res = await authRequest(auth, 'settings');
    expect(res.ok).toBe(true);
    const ours = sent.at(-1)!;
    expect(ours).not.toBe(own);
    for (const name of ['apikey', 'authorization', 'x-client-info', 'x-supabase-api-version']) {
      expect([name, ours.get(name)]).toEqual([name, own.get(name)]);
    }
  });

  it('checks a password without touching the signed-in session, and ends the one it opened', async () => {
    const auth = clients["the back-office's client"]();
    const signedIn = await auth.signInWithPassword(OWNER);
    expect(signedIn.error).toBeNull();
    const wrong = await authRequest(auth, 'token?grant_type=password', {
      method: 'POST',
      body: { email: OWNER.email, password: 'pas-le-bon-mot-de-passe' },
    });
    expect(wrong.status).toBe(400);
    const right = await authRequest(auth, 'token?grant_type=password', {
      method: 'POST',
      body: OWNER,
    });
    expect(right.status).toBe(200);
    const { access_token: checked } = (await right.json()) as { access_token: string };
    // The client's session is still the one it signed in with.
    expect((await auth.getSession()).data.session?.access_token).toBe(
      signedIn.data.session!.access_token,
    );
    const ended = await authRequest(auth, 'logout?scope=local', {
      method: 'POST',
      bearer: checked,
    });
    expect(ended.status).toBe(204);
    // The check's token is refused from now on: its session is gone.
    const after = await authRequest(auth, 'user', { bearer: checked });
    expect([after.status, ((await after.json()) as { code?: string }).code]).toEqual([
      403,
      'session_not_found',
    ]);
    expect((await auth.getUser()).data.user?.email).toBe(OWNER.email);
  });
});
