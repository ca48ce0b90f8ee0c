import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { explainStartupFailure } from '../../server/startup-error.ts';
import { makeApiKey } from '../../server/jwt.ts';

// The server started as an operator starts it, in its own process: what it does with the data
// directory's rights, a bad secret, a crash, and the ways it can fail to start.

const STACK_LINE = /^\s+at /m;
const running: ServerProcess[] = [];
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'garage-startup-'));
});
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
  await rm(root, { recursive: true, force: true });
});

async function start(
  env: Record<string, string>,
  options?: Parameters<typeof startServerProcess>[1],
) {
  const server = await startServerProcess(env, options);
  running.push(server);
  return server;
}

/** Every entry under `dir` whose mode lets another user read, write or enter it. */
async function looseEntries(dir: string): Promise<string[]> {
  const loose: string[] = [];
  const visit = async (entry: string) => {
    const info = await lstat(entry);
    if ((info.mode & 0o077) !== 0) loose.push(entry);
    if (info.isDirectory())
      for (const name of await readdir(entry)) await visit(path.join(entry, name));
  };
  await visit(dir);
  return loose;
}

describe('the data directory', () => {
  it('is made readable by the server user only, even when it existed with looser rights', async () => {
    const dataDir = path.join(root, 'loose');
    await mkdir(path.join(dataDir, 'notes'), { recursive: true, mode: 0o755 });
    await chmod(dataDir, 0o755);
    await writeFile(path.join(dataDir, 'jwt-secret'), 'x'.repeat(48), { mode: 0o644 });
    await writeFile(path.join(dataDir, 'notes', 'lisez-moi.txt'), 'notes', { mode: 0o644 });
    const server = await start({ DATA_DIR: dataDir });
    expect(server.output()).toContain('Droits resserrés');
    expect(await looseEntries(dataDir)).toEqual([]);
    expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await lstat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    await server.stop();
  });

  it('restarts at the first try after the server was killed with SIGKILL', async () => {
    const dataDir = path.join(root, 'crash');
    const first = await start({ DATA_DIR: dataDir });
    expect((await fetch(`${first.url}/robots.txt`)).status).toBe(200);
    await first.stop('SIGKILL');
    const second = await start({ DATA_DIR: dataDir });
    expect(second.output()).toContain('Site du garage servi sur');
    expect((await fetch(`${second.url}/robots.txt`)).status).toBe(200);
    await second.stop();
  });
});

describe('a start that cannot succeed', () => {
  const expectOneFrenchSentence = async (server: ServerProcess, words: RegExp) => {
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toMatch(/Démarrage impossible : /);
    expect(output).toMatch(words);
    expect(output).not.toMatch(STACK_LINE);
  };

  it('refuses a secret file shorter than 32 characters, saying what to do', async () => {
    const dataDir = path.join(root, 'short-secret');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'jwt-secret'), 'trop-court\n');
    await expectOneFrenchSentence(await start({ DATA_DIR: dataDir }), /tronqué.*restaurez-le/);
  });

  it('refuses an empty secret file: an empty secret never signs a token', async () => {
    const dataDir = path.join(root, 'empty-secret');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'jwt-secret'), '');
    await expectOneFrenchSentence(await start({ DATA_DIR: dataDir }), /vide ou tronqué/);
  });

  it('refuses a secret it cannot read', async () => {
    const dataDir = path.join(root, 'unreadable-secret');
    await mkdir(path.join(dataDir, 'jwt-secret'), { recursive: true });
    await expectOneFrenchSentence(await start({ DATA_DIR: dataDir }), /illisible/);
  });

  it('refuses a JWT_SECRET under 32 characters', async () => {
    await expectOneFrenchSentence(
      await start({ DATA_DIR: path.join(root, 'env-secret'), JWT_SECRET: 'court' }),
      /JWT_SECRET contient 5 caractères/,
    );
  });

  it('says when the port is taken, and by what fix', async () => {
    // Another program on the port (it hangs up on whoever calls).
    const blocker = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const server = await start({ DATA_DIR: path.join(root, 'port') }, { port });
      await expectOneFrenchSentence(server, new RegExp(`port ${port} .*déjà utilisé.*PORT=`));
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it('refuses a second server on the data directory the first holds, which keeps serving', async () => {
    const dataDir = path.join(root, 'held');
    const jwtSecret = randomBytes(32).toString('hex');
    const anonKey = await makeApiKey('anon', jwtSecret);
    const first = await start({ DATA_DIR: dataDir, JWT_SECRET: jwtSecret });
    // A read that goes through the database, the way a visitor's page reads its content.
    const readContent = () =>
      fetch(`${first.url}/rest/v1/site_content?select=type&type=eq.hero`, {
        headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
    expect(await readContent()).toEqual({ status: 200, body: [{ type: 'hero' }] });

    const second = await start({ DATA_DIR: dataDir, JWT_SECRET: jwtSecret });
    const said =
      `La base de données de ${dataDir} est déjà ouverte par le processus ${first.child.pid} ` +
      '(le serveur est-il lancé ?). Arrêtez-le, ou utilisez un autre DATA_DIR.';
    await expectOneFrenchSentence(second, new RegExp(said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    // Nothing the second one did touched the first: same lock, same database, still serving.
    expect(first.child.exitCode).toBeNull();
    expect((await readFile(path.join(dataDir, 'garage.lock'), 'utf8')).split(' ')[0]).toBe(
      String(first.child.pid),
    );
    expect(await readContent()).toEqual({ status: 200, body: [{ type: 'hero' }] });
    expect(await first.stop()).toBe(0);
  });

  it('says when the data directory is not a directory', async () => {
    const file = path.join(root, 'un-fichier');
    await writeFile(file, 'pas un dossier');
    await expectOneFrenchSentence(await start({ DATA_DIR: file }), /DATA_DIR/);
  });

  it('has a sentence for a full disk and a read-only directory', () => {
    const where = { dataDir: '/srv/garage', port: 3000, host: '127.0.0.1', databaseUrl: undefined };
    const full = Object.assign(new Error('no space'), { code: 'ENOSPC' });
    const readOnly = Object.assign(new Error('read-only'), { code: 'EROFS' });
    expect(explainStartupFailure(full, where)).toMatch(/disque .* est plein : libérez de la place/);
    expect(explainStartupFailure(readOnly, where)).toMatch(/lecture seule : choisissez un dossier/);
  });
});
