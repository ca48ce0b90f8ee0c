import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { requestFrom } from '../helpers/from-address.ts';
import { eventually } from '../helpers/eventually.ts';

// The log an operator reads: one JSON line per request, nothing that identifies a visitor or
// carries a secret unless asked, and LOG_LEVEL obeyed.

const running: ServerProcess[] = [];
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'garage-log-'));
});
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
  await rm(root, { recursive: true, force: true });
});

async function start(name: string, env: Record<string, string> = {}) {
  const server = await startServerProcess({ DATA_DIR: path.join(root, name), ...env });
  running.push(server);
  return server;
}

/** The request lines written since `from`, parsed. */
async function requestLines(server: ServerProcess, from: number, count: number) {
  const lines = () =>
    server
      .output()
      .slice(from)
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      // Not the start-up probe's own request.
      .filter((l) => 'status' in l && l.path !== '/auth/v1/health');
  return eventually(`${count} request line(s) in the log`, () => {
    const written = lines();
    return written.length >= count && written;
  });
}

describe('the request log', () => {
  it('has one JSON line per request: time, method, path without its query, status, duration, bytes', async () => {
    const server = await start('default');
    const from = server.output().length;
    await requestFrom('127.0.0.2', `${server.url}/robots.txt?utm_source=journal&token=secret-123`);
    await requestFrom('127.0.0.2', `${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@garage.test', password: 'mot-de-passe-secret' }),
    });
    const [robots, signIn] = await requestLines(server, from, 2);
    expect(robots).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/robots.txt',
      status: 200,
    });
    expect(typeof robots!.time).toBe('string');
    expect(robots!.ms).toEqual(expect.any(Number));
    expect(robots!.bytes).toBeGreaterThan(0);
    expect(signIn).toMatchObject({ method: 'POST', path: '/auth/v1/token', status: 400 });
    const logged = server.output().slice(from);
    expect(logged).not.toContain('secret-123');
    expect(logged).not.toContain('mot-de-passe-secret');
    expect(logged).not.toContain('127.0.0.2');
  });

  it('adds the client address only when LOG_CLIENT_ADDRESS=1', async () => {
    const server = await start('with-address', { LOG_CLIENT_ADDRESS: '1' });
    const from = server.output().length;
    await requestFrom('127.0.0.3', `${server.url}/robots.txt`);
    const [line] = await requestLines(server, from, 1);
    expect(line).toMatchObject({ path: '/robots.txt', client: '127.0.0.3' });
  });

  it('writes no request line under LOG_LEVEL=warn', async () => {
    const server = await start('quiet', { LOG_LEVEL: 'warn' });
    const from = server.output().length;
    expect((await requestFrom('127.0.0.2', `${server.url}/robots.txt`)).status).toBe(200);
    // Once the server has stopped, everything it was going to write is written.
    await server.stop();
    expect(server.output().slice(from)).toBe('');
  });
});
