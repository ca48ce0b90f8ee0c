import { afterEach, describe, expect, it } from 'vitest';
import { upsertUser } from '../../server/auth/users.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { eventually } from '../helpers/eventually.ts';

// An access token outlives its session unless the server checks: after a logout, a password reset
// or a demotion, the old token must be refused everywhere within seconds, not keep its rights
// until it expires.

const OWNER = { email: 'patron@garage.test', password: 'le-bon-mot-de-passe-1' };

const backends: [string, () => Promise<TestServer>][] = [
  ['PGlite', () => startTestServer()],
  ['PostgreSQL', () => startPostgresTestServer()],
];

/** What the three surfaces answer to `token`: a write through REST, a function, /auth/v1/user. */
async function answersTo(server: TestServer, token: string) {
  const headers = {
    apikey: server.anonKey,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  };
  const rest = await fetch(`${server.url}/rest/v1/api_keys`, {
    method: 'POST',
    headers: { ...headers, prefer: 'resolution=merge-duplicates' },
    body: JSON.stringify({ name: 'openai', key: 'sk-vole' }),
  });
  const fn = await fetch(`${server.url}/functions/v1/generate-articles`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ count: 1, model: 'gpt-4' }),
  });
  const user = await fetch(`${server.url}/auth/v1/user`, { headers });
  return { rest: rest.status, functions: fn.status, user: user.status };
}

type Answers = Awaited<ReturnType<typeof answersTo>>;
const REFUSED: Answers = { rest: 401, functions: 401, user: 403 };

/** Polls until the surfaces answer `token` as `expected`, for `withinMs` at most; the last answers. */
async function answersWithin(
  server: TestServer,
  token: string,
  expected: Partial<Answers>,
  withinMs: number,
): Promise<Answers> {
  let answers = await answersTo(server, token);
  const matches = () =>
    Object.entries(expected).every(
      ([surface, status]) => answers[surface as keyof Answers] === status,
    );
  // Past the deadline, the last answers are returned for the caller's assertion to show them.
  await eventually(
    'the expected answers',
    async () => {
      if (!matches()) answers = await answersTo(server, token);
      return matches();
    },
    { ms: withinMs, every: 250 },
  ).catch(() => undefined);
  return answers;
}

describe.each(backends)('an ended session (%s)', (_name, start) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function ownerToken(): Promise<string> {
    const client = await server!.signedInClient(OWNER.email, OWNER.password);
    const { data } = await client.auth.getSession();
    return data.session!.access_token;
  }

  it('is refused at once after a logout, on REST, functions and /user', async () => {
    server = await start();
    await server.createUser(OWNER.email, OWNER.password, true);
    const token = await ownerToken();
    const live = await answersTo(server, token);
    expect(live.rest).toBe(201);
    expect(live.user).toBe(200);
    const logout = await fetch(`${server.url}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(204);
    expect(await answersTo(server, token)).toEqual(REFUSED);
  });

  it('is refused within 5 seconds after a password reset made on the database directly', async () => {
    server = await start();
    await server.createUser(OWNER.email, OWNER.password, true);
    const token = await ownerToken();
    expect((await answersTo(server, token)).rest).toBe(201);
    // What `npm run admin -- create` does when it opens the database itself.
    await upsertUser(server.db, { ...OWNER, password: 'un-nouveau-mot-de-passe-2', admin: true });
    expect(await answersWithin(server, token, REFUSED, 5_000)).toEqual(REFUSED);
  });

  it('tells the device why its session ended, on REST, /user and a refresh', async () => {
    server = await start();
    await server.createUser(OWNER.email, OWNER.password, true);
    const s = server;
    /** Signs a device in: its access and refresh tokens. */
    const device = async () => {
      const { data } = await (
        await s.signedInClient(OWNER.email, OWNER.password)
      ).auth.getSession();
      return { access: data.session!.access_token, refresh: data.session!.refresh_token };
    };
    /** What each surface says of the device's ended session. */
    const whyEnded = async ({ access, refresh }: { access: string; refresh: string }) => {
      const headers = { apikey: s.anonKey, authorization: `Bearer ${access}` };
      const read = async (res: Response) =>
        ((await res.json()) as { session_ended?: unknown }).session_ended;
      return {
        rest: await read(await fetch(`${s.url}/rest/v1/api_keys?select=name`, { headers })),
        user: await read(await fetch(`${s.url}/auth/v1/user`, { headers })),
        refresh: await read(
          await fetch(`${s.url}/auth/v1/token?grant_type=refresh_token`, {
            method: 'POST',
            headers: { apikey: s.anonKey, 'content-type': 'application/json' },
            body: JSON.stringify({ refresh_token: refresh }),
          }),
        ),
      };
    };
    const every = (reason: string) => ({ rest: reason, user: reason, refresh: reason });

    // « Déconnecter mes autres appareils » on one device: the other is told so.
    const [here, phone] = [await device(), await device()];
    const signOut = (scope: string, token: string) =>
      fetch(`${s.url}/auth/v1/logout?scope=${scope}`, {
        method: 'POST',
        headers: { apikey: s.anonKey, authorization: `Bearer ${token}` },
      });
    expect((await signOut('others', here.access)).status).toBe(204);
    expect(await whyEnded(phone)).toEqual(every('signed_out_others'));

    // « Déconnecter partout »: every device, this one included.
    const laptop = await device();
    expect((await signOut('global', here.access)).status).toBe(204);
    expect(await whyEnded(laptop)).toEqual(every('signed_out_everywhere'));

    // A new password chosen on one device ends the others, which are told why.
    const [writer, reader] = [await device(), await device()];
    const changed = await fetch(`${s.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: s.anonKey,
        authorization: `Bearer ${writer.access}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ password: 'cheval-agrafe-pile-42' }),
    });
    expect(changed.status).toBe(200);
    expect(await whyEnded(reader)).toEqual(every('password_changed'));
  });

  it('loses its administrator rights within 5 seconds of a demotion', async () => {
    server = await start();
    const id = await server.createUser(OWNER.email, OWNER.password, true);
    const token = await ownerToken();
    expect((await answersTo(server, token)).rest).toBe(201);
    const demoted = await fetch(`${server.url}/auth/v1/admin/users/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${server.serviceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app_metadata: { role: null } }),
    });
    expect(demoted.status).toBe(200);
    // Still signed in, but no longer an administrator.
    const demotedRights = { rest: 401, functions: 401 };
    expect(await answersWithin(server, token, demotedRights, 5_000)).toMatchObject(demotedRights);
  });
});
