import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const LOCK_MODULE = path.join(import.meta.dirname, 'data-dir-lock.ts');
const children: ChildProcess[] = [];
afterEach(() => children.splice(0).forEach((child) => child.kill()));

function freshDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'garage-lock-'));
}

const lockFile = (dir: string) => path.join(dir, 'garage.lock');

/**
 * Another Node process that tries to lock `dir`, says « locked » or « refused: <message> » on one
 * line, and keeps what it got until killed.
 */
function otherProcess(dir: string): { child: ChildProcess; said: Promise<string> } {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
    try { lockDataDir(${JSON.stringify(dir)}); console.log('locked'); }
    catch (error) { console.log('refused: ' + error.message); }
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
  children.push(child);
  const said = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before answering`)));
  });
  return { child, said };
}

describe('lockDataDir', () => {
  it('refuses a data directory another server holds, naming it, and takes it once that one ends', async () => {
    const dir = freshDir();
    const other = otherProcess(dir);
    expect(await other.said).toBe('locked');
    expect(() => lockDataDir(dir)).toThrow(
      `La base de données de ${dir} est déjà ouverte par le processus ${other.child.pid} `,
    );

    other.child.kill('SIGKILL');
    await once(other.child, 'exit');
    // Killed without releasing: its lock file stays, and is taken over.
    expect(existsSync(lockFile(dir))).toBe(true);
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('lets exactly one of two processes started together open the directory', async () => {
    const dir = freshDir();
    const answers = await Promise.all([otherProcess(dir).said, otherProcess(dir).said]);
    expect(answers.filter((answer) => answer === 'locked')).toHaveLength(1);
    expect(answers.find((answer) => answer !== 'locked')).toMatch(
      /^refused: .*déjà ouverte par le processus \d+ \(le serveur est-il lancé \?\)/,
    );
  });

  it('takes over a lock left by a process that has ended, and releases it', () => {
    const dir = freshDir();
    writeFileSync(lockFile(dir), '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });
});

describe('lockDataDir after a crash', () => {
  it('takes over a lock whose pid now belongs to another process started since', () => {
    const dir = freshDir();
    const other = spawn('sleep', ['30']);
    children.push(other);
    // The pid is alive, but the process behind it is not the one that wrote the lock.
    writeFileSync(lockFile(dir), `${other.pid} 1`);
    const release = lockDataDir(dir);
    const [pid, started] = readFileSync(lockFile(dir), 'utf8').split(' ');
    expect(pid).toBe(String(process.pid));
    expect(started).not.toBe('1');
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });
});
