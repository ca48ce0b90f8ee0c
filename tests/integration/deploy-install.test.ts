import { spawn, spawnSync } from 'node:child_process';
import {
  chmod,
  cp,
  lstat,
  mkdtemp,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_SQL_FILES } from '../../server/db/migrate.ts';
import { freePort } from '../helpers/free-port.ts';
import { buildSite, DEPLOY, requireTool, ROOT } from './deploy-site.ts';

// deploy/install.sh as an operator runs it (as root, from a built clone), into a temporary
// layout instead of /opt, /etc and /var/lib (its APP_DIR, CONFIG_DIR, STATE_DIR and UNIT_DIR),
// for the real `garage` user. Then the server started the way the installed unit says, and the
// administrator command the script prints.

const USER = 'garage';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { encoding: 'utf8', env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The user install.sh would create with its default layout, unless it exists already. */
function ensureServiceUser() {
  if (run('id', ['-u', USER]).status === 0) return;
  const made = run('useradd', [
    '--system',
    '--user-group',
    '--home-dir',
    '/var/lib/garage-site',
    '--no-create-home',
    '--shell',
    '/usr/sbin/nologin',
    USER,
  ]);
  if (made.status !== 0) throw new Error(`useradd ${USER} failed: ${made.stderr}`);
}

/**
 * A clone of the project after `npm ci && npm run build`: what install.sh expects to find (its
 * packages are this checkout's, build tools included; the pruned install is checked by
 * production-build.test.ts).
 */
async function builtClone(dir: string): Promise<string> {
  const clone = path.join(dir, 'src', 'garage-site');
  await cp(path.join(ROOT, 'package.json'), path.join(clone, 'package.json'));
  await cp(path.join(ROOT, 'supabase'), path.join(clone, 'supabase'), { recursive: true });
  for (const file of STARTUP_SQL_FILES) await cp(path.join(ROOT, file), path.join(clone, file));
  await cp(path.join(ROOT, 'scripts'), path.join(clone, 'scripts'), { recursive: true });
  await cp(DEPLOY, path.join(clone, 'deploy'), { recursive: true });
  await symlink(realpathSync(path.join(ROOT, 'node_modules')), path.join(clone, 'node_modules'));
  await buildSite(clone, { client: false });
  return clone;
}

interface Unit {
  user: string;
  workingDirectory: string;
  environmentFile: string;
  environment: string[];
  execStart: string;
  umask: string;
}

function parseUnit(text: string): Unit {
  const values = (key: string) =>
    [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]!.trim());
  const one = (key: string) => {
    const found = values(key);
    if (found.length !== 1) throw new Error(`the unit has ${found.length} ${key}= lines`);
    return found[0]!;
  };
  return {
    user: one('User'),
    workingDirectory: one('WorkingDirectory'),
    environmentFile: one('EnvironmentFile'),
    environment: values('Environment'),
    execStart: one('ExecStart'),
    umask: one('UMask'),
  };
}

/**
 * What systemd does with the unit, short of its sandbox: as its user, in its directory, with its
 * umask, a clean environment plus its EnvironmentFile and Environment lines, its ExecStart.
 */
function startAsUnit(unit: Unit) {
  const script = [
    'set -a',
    `. ${unit.environmentFile}`,
    ...unit.environment.map((assignment) => `export ${assignment}`),
    `cd ${unit.workingDirectory}`,
    `umask ${unit.umask}`,
    `exec ${unit.execStart}`,
  ].join(' && ');
  const child = spawn('runuser', ['-u', unit.user, '--', 'bash', '-c', script], {
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Site du garage servi sur')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => resolve());
  });
  return {
    ready,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('deploy/install.sh', () => {
  let dir: string;
  let clone: string;
  let layout: Record<string, string>;
  let server: ReturnType<typeof startAsUnit> | undefined;

  beforeAll(async () => {
    if (process.getuid?.() !== 0)
      throw new Error('install.sh installs as root: run these tests as root (CI does).');
    requireTool('runuser', 'util-linux');
    requireTool('useradd', 'passwd');
    ensureServiceUser();
    dir = await mkdtemp(path.join(tmpdir(), 'garage-install-'));
    // Readable by the service's user, as a clone in /opt is.
    await chmod(dir, 0o755);
    clone = await builtClone(dir);
    layout = {
      APP_DIR: path.join(dir, 'opt', 'garage-site'),
      CONFIG_DIR: path.join(dir, 'etc', 'garage-site'),
      STATE_DIR: path.join(dir, 'var', 'lib', 'garage-site'),
      UNIT_DIR: path.join(dir, 'etc', 'systemd', 'system'),
    };
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const install = (env: Record<string, string> = layout) =>
    run('bash', [path.join(clone, 'deploy', 'install.sh')], { ...process.env, ...env });

  it('refuses to run without root, saying so in French', () => {
    const answer = run('runuser', ['-u', 'nobody', '--', 'bash', path.join(DEPLOY, 'install.sh')]);
    expect(answer.status).toBe(1);
    expect(answer.stderr).toContain('Installation impossible : ce script doit être lancé par root');
  });

  it('refuses a clone that was not built', async () => {
    const unbuilt = path.join(dir, 'unbuilt');
    await cp(DEPLOY, path.join(unbuilt, 'deploy'), { recursive: true });
    const answer = run('bash', [path.join(unbuilt, 'deploy', 'install.sh')], {
      ...process.env,
      ...layout,
    });
    expect(answer.status).toBe(1);
    expect(answer.stderr).toContain(
      "lancez d'abord « npm ci && npm run build && npm prune --omit=dev »",
    );
  });

  it('installs the service for the garage user, its data for that user alone', async () => {
    const answer = install();
    expect(answer.stderr).toBe('');
    expect(answer.status).toBe(0);
    expect(answer.stdout).toContain('écrit (exemple à relire)');
    expect(answer.stdout).toContain('Prochaines étapes');
    // This clone still has its build tools: the script says how to leave them out of the server.
    expect(answer.stdout).toContain(
      'Les outils de construction sont encore installés (environ 600 Mo) : « npm prune --omit=dev »',
    );
    expect(answer.stdout).toContain(
      'Mise à jour : git pull && npm ci && npm run build && npm prune --omit=dev',
    );

    expect((await lstat(layout.APP_DIR!)).isSymbolicLink()).toBe(true);
    expect(await readlink(layout.APP_DIR!)).toBe(realpathSync(clone));

    const uid = Number(run('id', ['-u', USER]).stdout);
    const gid = Number(run('id', ['-g', USER]).stdout);
    for (const folder of ['', 'data', 'backups']) {
      const info = await stat(path.join(layout.STATE_DIR!, folder));
      expect([info.uid, info.gid, info.mode & 0o777]).toEqual([uid, gid, 0o700]);
    }
    // Readable by the service's user (the administrator command reads it too), by no one else.
    const envFile = path.join(layout.CONFIG_DIR!, 'env');
    const info = await stat(envFile);
    expect([info.uid, info.gid, info.mode & 0o777]).toEqual([0, gid, 0o640]);
    const env = await readFile(envFile, 'utf8');
    expect(env).toContain(`DATA_DIR=${layout.STATE_DIR}/data\n`);
    expect(env).toContain('TRUST_PROXY=1\n');
    expect(env).toContain('HOST=127.0.0.1\n');

    const unitFile = path.join(layout.UNIT_DIR!, 'garage-site.service');
    const unit = parseUnit(await readFile(unitFile, 'utf8'));
    expect(unit.user).toBe(USER);
    expect(unit.workingDirectory).toBe(layout.APP_DIR);
    expect(unit.environmentFile).toBe(envFile);
    expect(await readFile(unitFile, 'utf8')).toContain(
      `ReadWritePaths=${layout.STATE_DIR}/data ${layout.STATE_DIR}/backups\n`,
    );
    const verify = run(requireTool('systemd-analyze', 'systemd'), ['verify', unitFile]);
    expect(verify.stdout + verify.stderr).toBe('');
    expect(verify.status).toBe(0);
  });

  it('keeps the configuration the operator edited when run again', async () => {
    const envFile = path.join(layout.CONFIG_DIR!, 'env');
    const edited = (await readFile(envFile, 'utf8')).replace(
      /^PORT=.*$/m,
      `PORT=${await freePort()}`,
    );
    await writeFile(envFile, edited);
    const again = install();
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('existe déjà : conservé tel quel');
    expect(await readFile(envFile, 'utf8')).toBe(edited);
  });

  it('installs in place when the clone is the application directory, as the README does', async () => {
    const answer = install({ ...layout, APP_DIR: clone });
    expect(answer.status, answer.stderr).toBe(0);
    expect(answer.stdout).not.toContain('pointe vers');
    const unit = parseUnit(
      await readFile(path.join(layout.UNIT_DIR!, 'garage-site.service'), 'utf8'),
    );
    expect(unit.workingDirectory).toBe(clone);
  });

  it('gives a server that starts as the unit says, and takes the administrator command it prints', async () => {
    const answer = install();
    const unit = parseUnit(
      await readFile(path.join(layout.UNIT_DIR!, 'garage-site.service'), 'utf8'),
    );
    server = startAsUnit(unit);
    await server.ready;
    const port = /^PORT=(\d+)$/m.exec(await readFile(unit.environmentFile, 'utf8'))![1];
    expect(server.output()).toContain(`Site du garage servi sur http://127.0.0.1:${port}`);
    expect(server.output()).toContain('mode production');
    // The secret the server generated is its user's alone.
    const secret = await stat(path.join(layout.STATE_DIR!, 'data', 'jwt-secret'));
    expect([secret.uid, secret.mode & 0o777]).toEqual([
      Number(run('id', ['-u', USER]).stdout),
      0o600,
    ]);

    const command = answer.stdout
      .split('\n')
      .find((line) => line.includes('npm run admin -- create'))!
      .trim()
      .replace('vous@garage-exemple.fr', 'patron@garage-exemple.fr');
    const created = run('bash', ['-c', command]);
    expect(created.status, created.stdout + created.stderr).toBe(0);
    expect(created.stdout).toContain(`Serveur détecté sur http://127.0.0.1:${port}`);
    const password = /Mot de passe généré[^:]*: (\S+)/.exec(created.stdout)![1]!;

    const anonKey = /"anonKey":"([^"]+)"/.exec(
      await (await fetch(`http://127.0.0.1:${port}/`)).text(),
    );
    expect(anonKey).not.toBeNull();
    const signIn = await fetch(`http://127.0.0.1:${port}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey![1]!, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'patron@garage-exemple.fr', password }),
    });
    expect(signIn.status).toBe(200);
  }, 120_000);
});
