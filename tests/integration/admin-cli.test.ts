import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeForStep, stepAt } from '../../server/auth/totp.ts';
import { loadJwtSecret } from '../../server/config.ts';
import { TOO_SHORT } from '../../src/lib/password-rules.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { startServer } from '../../server/server.ts';
import { testConfig, withClients, type TestServer } from '../helpers/server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `tsx scripts/admin.ts …` as `npm run admin -- …` would, against `dataDir`. */
function admin(dataDir: string, args: string[], port = 1): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      ['scripts/admin.ts', ...args],
      // Port 1: nothing listens there, so the "server is running" check finds nothing.
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), JWT_SECRET: '' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The real server over the command's data directory, on a free port, with that directory's secret. */
async function serverOn(dataDir: string, jwtSecret?: string): Promise<TestServer> {
  const config = await testConfig({
    dataDir,
    jwtSecret: jwtSecret ?? (await loadJwtSecret(dataDir, undefined)),
  });
  return withClients(await startServer(config, await openPglite({ dataDir })));
}

async function countUsers(server: TestServer, email: string): Promise<number> {
  return server.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number }>(
      'select count(*)::int as n from auth.users where email = $1',
      [email],
    );
    return rows[0]!.n;
  });
}

describe('npm run admin -- create', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'garage-admin-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('creates an administrator who can then sign in on the server', async () => {
    const run = await admin(dataDir, [
      'create',
      '--email',
      'Patron@Garage.test',
      '--password',
      'mot-de-passe-choisi',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Administrateur créé : patron@garage.test');
    expect(run.stdout + run.stderr).not.toContain('mot-de-passe-choisi');

    const server = await serverOn(dataDir);
    try {
      const { data, error } = await server
        .anonClient()
        .auth.signInWithPassword({ email: 'patron@garage.test', password: 'mot-de-passe-choisi' });
      expect(error).toBeNull();
      expect(data.user?.app_metadata.role).toBe('admin');
    } finally {
      await server.close();
    }
  });

  it('prints a generated password once, which works; a reset keeps one account', async () => {
    const run = await admin(dataDir, ['create', '--email', 'patron@garage.test']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('réinitialisé');
    const password = /: ([A-Za-z0-9]{20})\s*$/m.exec(run.stdout)?.[1];
    expect(password).toBeDefined();
    expect(run.stdout.split(password!).length - 1).toBe(1);

    const server = await serverOn(dataDir);
    try {
      expect(await countUsers(server, 'patron@garage.test')).toBe(1);
      const ok = await server
        .anonClient()
        .auth.signInWithPassword({ email: 'patron@garage.test', password: password! });
      expect(ok.error).toBeNull();
      const old = await server
        .anonClient()
        .auth.signInWithPassword({ email: 'patron@garage.test', password: 'mot-de-passe-choisi' });
      expect(old.error?.code).toBe('invalid_credentials');
    } finally {
      await server.close();
    }
  });

  it('refuses a password under MIN_PASSWORD_LENGTH characters with a non-zero exit, creating nothing', async () => {
    const run = await admin(dataDir, [
      'create',
      '--email',
      'court@garage.test',
      '--password',
      'court',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(TOO_SHORT);
    const server = await serverOn(dataDir);
    try {
      expect(await countUsers(server, 'court@garage.test')).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('refuses a common password, saying why in French, creating nothing', async () => {
    const run = await admin(dataDir, [
      'create',
      '--email',
      'courant@garage.test',
      '--password',
      'azertyuiop123',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Mot de passe refusé : Ce mot de passe est trop facile à deviner. Les lignes droites de touches de votre clavier sont faciles à deviner.',
    );
    const server = await serverOn(dataDir);
    try {
      expect(await countUsers(server, 'courant@garage.test')).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('prints the usage for bad arguments', async () => {
    for (const args of [
      [],
      ['delete', '--email', 'a@b.fr'],
      ['create'],
      ['create', '--email', 'a@b.fr', '--role', 'x'],
    ]) {
      const run = await admin(dataDir, args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('npm run admin -- create --email');
    }
  });

  it('goes through the running server instead of opening its database a second time', async () => {
    const server = await serverOn(dataDir);
    try {
      const port = Number(new URL(server.url).port);
      const email = 'second@garage.test';
      const first = await admin(
        dataDir,
        ['create', '--email', email, '--password', 'premier-mot-de-passe'],
        port,
      );
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('Serveur détecté');
      expect(first.stdout).toContain(`Administrateur créé : ${email}`);
      const session = await server.signedInClient(email, 'premier-mot-de-passe');
      expect((await session.auth.getUser()).data.user?.app_metadata.role).toBe('admin');

      const reset = await admin(dataDir, ['create', '--email', email], port);
      expect(reset.code).toBe(0);
      expect(reset.stdout).toContain('réinitialisé');
      const password = /: ([A-Za-z0-9]{20})\s*$/m.exec(reset.stdout)![1]!;
      expect(await countUsers(server, email)).toBe(1);
      // The reset ended the old session; the new password works.
      expect((await session.auth.getUser()).error).not.toBeNull();
      await server.signedInClient(email, password);
    } finally {
      await server.close();
    }
  });

  it('sends nothing to a running server that holds another secret, and says why', async () => {
    const server = await serverOn(dataDir, 'un-autre-secret-que-celui-du-dossier-de-donnees');
    try {
      const run = await admin(
        dataDir,
        ['create', '--email', 'autre@garage.test'],
        Number(new URL(server.url).port),
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("n'a pas pu être vérifié");
      expect(run.stdout).not.toContain('Mot de passe généré');
      expect(await countUsers(server, 'autre@garage.test')).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('sends neither the service key nor the password to an impostor on the port', async () => {
    const seen: { url: string; authorization: string | undefined; body: string }[] = [];
    const impostor = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
        // Answers like a GoTrue: health, and 200 to anything else.
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"proof":"faux"}');
      });
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    try {
      const port = (impostor.address() as AddressInfo).port;
      const run = await admin(
        dataDir,
        ['create', '--email', 'victime@garage.test', '--password', 'mot-de-passe-secret-1'],
        port,
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("n'a pas pu être vérifié");
      expect(seen.length).toBeGreaterThan(0);
      for (const request of seen) {
        expect(request.authorization).toBeUndefined();
        expect(request.body).not.toContain('mot-de-passe-secret-1');
        expect(request.url).not.toContain('/admin');
      }
    } finally {
      await new Promise<void>((resolve) => impostor.close(() => resolve()));
    }
  });
});

describe('npm run admin -- reset-mfa', () => {
  let dataDir: string;
  const OWNER = { email: 'patron@garage.test', password: 'mot-de-passe-patron-1' };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'garage-admin-mfa-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** Signs the owner in and turns two-factor sign-in on, as the "Mon compte" page does. */
  async function enableTwoFactor(server: TestServer): Promise<void> {
    const owner = await server.signedInClient(OWNER.email, OWNER.password);
    const { data } = await owner.auth.mfa.enroll({ factorType: 'totp' });
    const code = codeForStep(data!.totp.secret, stepAt(Date.now()));
    expect(
      (await owner.auth.mfa.challengeAndVerify({ factorId: data!.id, code })).error,
    ).toBeNull();
  }

  /** What the next password-only sign-in is asked for. */
  async function nextLevel(server: TestServer) {
    const client = await server.signedInClient(OWNER.email, OWNER.password);
    return (await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel;
  }

  it('removes a lost second factor, through the running server or in the database', async () => {
    let server = await serverOn(dataDir);
    try {
      await server.createUser(OWNER.email, OWNER.password, true);
      await enableTwoFactor(server);
      expect(await nextLevel(server)).toBe('aal2');
      const run = await admin(
        dataDir,
        ['reset-mfa', '--email', OWNER.email],
        Number(new URL(server.url).port),
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Double authentification supprimée');
      expect(await nextLevel(server)).toBe('aal1');
      await enableTwoFactor(server);
    } finally {
      await server.close();
    }

    const offline = await admin(dataDir, ['reset-mfa', '--email', OWNER.email]);
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain('Double authentification supprimée');
    server = await serverOn(dataDir);
    try {
      expect(await nextLevel(server)).toBe('aal1');
    } finally {
      await server.close();
    }

    const unknown = await admin(dataDir, ['reset-mfa', '--email', 'inconnu@garage.test']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Aucun compte');
  });
});
