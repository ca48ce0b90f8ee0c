import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openSetupLink } from '../../server/auth/setup.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { requestFrom } from '../helpers/from-address.ts';
import { eventually } from '../helpers/eventually.ts';

// The first administrator, created in the browser from the one-time link the server prints at
// start (docs/decisions/066-first-administrator-from-a-setup-link.md), as the page calls it.

const HEADERS = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
const EMAIL = 'patron@garage-exemple.fr';
const PASSWORD = 'vidange tulipe carburateur 1987';

async function call(base: string, route: 'setup' | 'setup/check', body: object) {
  const res = await fetch(`${base}/auth/v1/${route}`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function adminCount(server: TestServer): Promise<number> {
  const { rows } = await server.db.transaction((tx) =>
    tx.query<{ n: number }>(
      "select count(*)::int as n from auth.users where raw_app_meta_data ->> 'role' = 'admin'",
    ),
  );
  return rows[0]!.n;
}

describe.each([
  ['on PGlite', () => startTestServer()],
  ['on PostgreSQL (TEST_DATABASE_URL)', () => startPostgresTestServer()],
])('the setup link %s', (_name, start) => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });

  it('creates one administrator, once, who is signed in and can sign in again', async () => {
    server = await start();
    const token = (await openSetupLink(server.db))!;
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect((await call(server.url, 'setup/check', { token })).status).toBe(200);

    // A refused field leaves the link usable.
    const weak = await call(server.url, 'setup', {
      token,
      email: EMAIL,
      password: 'motdepasse123',
    });
    expect(weak.status).toBe(422);
    expect(weak.body.code).toBe('weak_password');
    expect(weak.body.message).toMatch(/facile à deviner/);
    const badEmail = await call(server.url, 'setup', {
      token,
      email: 'patron@',
      password: PASSWORD,
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toMatch(/Adresse e-mail invalide/);

    const created = await call(server.url, 'setup', { token, email: EMAIL, password: PASSWORD });
    expect(created.status).toBe(200);
    expect(created.body.access_token).toEqual(expect.any(String));
    expect(created.body.refresh_token).toEqual(expect.any(String));
    const user = created.body.user as { email: string; app_metadata: { role?: string } };
    expect(user.email).toBe(EMAIL);
    expect(user.app_metadata.role).toBe('admin');

    // The session handed back is an administrator's: it reads what only administrators read.
    const me = await fetch(`${server.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${String(created.body.access_token)}` },
    });
    expect(((await me.json()) as { app_metadata: { role?: string } }).app_metadata.role).toBe(
      'admin',
    );
    const client = await server.signedInClient(EMAIL, PASSWORD);
    const { error } = await client.from('requests').select('id').limit(1);
    expect(error).toBeNull();

    // Once only, and no other link is opened now that an administrator exists.
    const again = await call(server.url, 'setup', {
      token,
      email: 'autre@garage.fr',
      password: PASSWORD,
    });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('setup_link_used');
    expect(await adminCount(server)).toBe(1);
    expect(await openSetupLink(server.db)).toBeUndefined();
    const other = await call(server.url, 'setup/check', { token: 'x'.repeat(43) });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('Le site a déjà un compte administrateur : connectez-vous.');
  });

  it('refuses a wrong token and an expired one, and sign-up stays closed', async () => {
    server = await start();
    const token = (await openSetupLink(server.db))!;
    for (const wrong of [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, '', 42]) {
      const refused = await call(server.url, 'setup', {
        token: wrong,
        email: EMAIL,
        password: PASSWORD,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('setup_link_invalid');
    }
    const signUp = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(signUp.status).toBe(422);

    const expired = (await openSetupLink(server.db, -1000))!;
    const late = await call(server.url, 'setup', {
      token: expired,
      email: EMAIL,
      password: PASSWORD,
    });
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('setup_link_expired');
    // The link opened earlier was replaced by the newer one.
    expect((await call(server.url, 'setup/check', { token })).body.code).toBe('setup_link_invalid');
    expect(await adminCount(server)).toBe(0);
  });

  it('is refused once an administrator exists, made by the command', async () => {
    server = await start();
    const token = (await openSetupLink(server.db))!;
    await server.createUser('deja@garage.fr', PASSWORD, true);
    const refused = await call(server.url, 'setup', { token, email: EMAIL, password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('admin_exists');
    expect(await adminCount(server)).toBe(1);
  });

  it('creates a single account when the link is sent twice at once', async () => {
    server = await start();
    const token = (await openSetupLink(server.db))!;
    const answers = await Promise.all([
      call(server.url, 'setup', { token, email: EMAIL, password: PASSWORD }),
      call(server.url, 'setup', { token, email: 'second@garage.fr', password: PASSWORD }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    expect(await adminCount(server)).toBe(1);
  });
});

describe('the setup link’s tries', () => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });

  it('are limited per address, in French, without locking out another address', async () => {
    server = await startTestServer({ setupRateLimit: 3 });
    const token = (await openSetupLink(server.db))!;
    const tryFrom = (address: string, body: object) =>
      requestFrom(address, `${server.url}/auth/v1/setup/check`, {
        method: 'POST',
        headers: HEADERS,
        body: JSON.stringify(body),
      });
    for (let i = 0; i < 3; i++) {
      expect((await tryFrom('127.0.0.2', { token: `devine-${i}` })).status).toBe(403);
    }
    const blocked = await tryFrom('127.0.0.2', { token });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect((JSON.parse(blocked.text) as { message: string }).message).toMatch(
      /^Trop d'essais depuis votre adresse\. Réessayez dans \d+ minutes?\.$/,
    );
    expect((await tryFrom('127.0.0.3', { token })).status).toBe(200);
  });
});

describe('the link printed at start', () => {
  const running: ServerProcess[] = [];
  let root: string | undefined;
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    if (root) await rm(root, { recursive: true, force: true });
  });

  async function start(dataDir: string) {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    running.push(server);
    return server;
  }
  async function linkOf(server: ServerProcess): Promise<string | undefined> {
    return eventually(
      'the setup link in the output',
      () =>
        /Aucun compte administrateur : créez-le depuis ce lien \(valable une fois, jusqu'au prochain redémarrage ou pendant 24 h\) : (\S+)/.exec(
          server.output(),
        )?.[1],
      { ms: 10_000, every: 100 },
    );
  }

  it('is new at each start, appears in no other line, and is gone once the account exists', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'garage-setup-'));
    const dataDir = path.join(root, 'data');
    const first = await start(dataDir);
    const firstLink = new URL((await linkOf(first))!);
    expect(firstLink.origin).toBe(first.url);
    expect(firstLink.pathname).toBe('/installation');
    const firstToken = firstLink.searchParams.get('jeton')!;
    await first.stop();

    const second = await start(dataDir);
    const link = new URL((await linkOf(second))!);
    const token = link.searchParams.get('jeton')!;
    expect(token).not.toBe(firstToken);
    expect((await call(second.url, 'setup/check', { token: firstToken })).status).toBe(403);

    // The page's address, with the token in its query, then the calls the page makes.
    await fetch(link);
    expect((await call(second.url, 'setup/check', { token })).status).toBe(200);
    const created = await call(second.url, 'setup', { token, email: EMAIL, password: PASSWORD });
    expect(created.status).toBe(200);
    // The access log has written the page's line: its path, without the query.
    await eventually('the setup call in the access log', () =>
      second.output().includes('"path":"/auth/v1/setup"'),
    );
    expect(second.output()).toContain('"path":"/installation"');
    expect(second.output()).toContain('"path":"/auth/v1/setup"');
    await second.stop();
    const lines = second.output().split('\n');
    expect(lines.filter((line) => line.includes(token))).toEqual([
      expect.stringContaining('Aucun compte administrateur'),
    ]);
    expect(second.output()).not.toContain(PASSWORD);

    const third = await start(dataDir);
    const signIn = await fetch(`${third.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    expect((await call(third.url, 'setup/check', { token })).body.code).toBe('setup_link_used');
    // Stopped cleanly: past the start's last step (its signal handlers come after the link's line).
    expect(await third.stop()).toBe(0);
    expect(third.output()).not.toContain('Aucun compte administrateur');
  });
});
