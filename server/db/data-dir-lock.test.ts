import { spawn } from 'node:child_process';
import { mkdtempSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => children.splice(0).forEach((child) => child.kill()));

function freshDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'garage-lock-'));
}

describe('lockDataDir', () => {
  it('refuses a data directory held by another live process, with a French explanation', () => {
    const dir = freshDir();
    const other = spawn('sleep', ['30']);
    children.push(other);
    writeFileSync(path.join(dir, 'garage.lock'), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(/déjà ouverte par le processus \d+/);
  });

  it('takes over a lock left by a process that has ended, and releases it', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'garage.lock'), '999999999');
    const release = lockDataDir(dir);
    release();
    expect(existsSync(path.join(dir, 'garage.lock'))).toBe(false);
  });
});

describe('lockDataDir after a crash', () => {
  it('takes over a lock whose pid now belongs to another process started since', () => {
    const dir = freshDir();
    const other = spawn('sleep', ['30']);
    children.push(other);
    // The pid is alive, but the process behind it is not the one that wrote the lock.
    writeFileSync(path.join(dir, 'garage.lock'), `${other.pid} 1`);
    const release = lockDataDir(dir);
    release();
  });
});
