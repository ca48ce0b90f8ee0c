import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { requestFrom } from '../helpers/from-address.ts';
import { eventually } from '../helpers/eventually.ts';

// Slowloris: a client opens many connections and sends its headers a byte now and then, to hold
// every file descriptor of the server. The server runs in its own process, with the open-files
// limit of a small VPS.

const STACK_LINE = /^\s+at /m;

describe('slow and idle connections', () => {
  let server: ServerProcess;
  let dataDir: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'garage-slow-'));
    server = await startServerProcess(
      { DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      { before: 'ulimit -n 1024' },
    );
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Opens a connection from `localAddress` that sends the start of a request, then nothing. */
  function slowClient(localAddress: string): Promise<{ socket: Socket; closed: Promise<void> }> {
    return new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: server.port, localAddress });
      sockets.push(socket);
      const closed = new Promise<void>((done) => socket.once('close', () => done()));
      socket.on('error', () => undefined);
      // Reads what the server says (a 408), so that its closing is seen.
      socket.resume();
      socket.once('connect', () => {
        socket.write('GET / HTTP/1.1\r\nHost: garage.example\r\nX-Lent: ');
        resolve({ socket, closed });
      });
      // Refused outright counts as handled too.
      socket.once('close', () => resolve({ socket, closed }));
    });
  }

  it('keeps serving other visitors while one client holds 1,100 slow connections', async () => {
    const slow = await Promise.all(Array.from({ length: 1100 }, () => slowClient('127.0.0.1')));
    const visitor = await requestFrom('127.0.0.2', `${server.url}/robots.txt`);
    expect(visitor.status).toBe(200);
    const api = await requestFrom('127.0.0.3', `${server.url}/auth/v1/health`);
    expect(api.status).toBe(200);
    // And the slow ones are all let go: over the per-address bound at once, the others once the
    // time for headers is up.
    await Promise.all(slow.map((s) => s.closed));
    expect(server.child.exitCode).toBeNull();
  }, 60_000);

  it('logs a request the client abandoned on one line, without a stack trace', async () => {
    const before = server.output().length;
    await new Promise<void>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: server.port, localAddress: '127.0.0.4' });
      socket.on('error', () => undefined);
      socket.once('connect', () => {
        socket.write(
          'POST /rest/v1/site_content HTTP/1.1\r\nHost: garage.example\r\n' +
            'Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"type":',
        );
        // A client that stops halfway through its body, as a slow or broken phone does.
        // eslint-disable-next-line no-restricted-syntax -- the scenario's pause, not a wait
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
    });
    // The server notices and logs it; it keeps serving.
    await eventually('the abandoned request in the log', () =>
      server.output().slice(before).includes('"path":"/rest/v1/site_content"'),
    );
    expect((await requestFrom('127.0.0.5', `${server.url}/robots.txt`)).status).toBe(200);
    const logged = server.output().slice(before);
    expect(logged).not.toMatch(STACK_LINE);
    for (const line of logged.split('\n').filter(Boolean))
      expect(() => JSON.parse(line)).not.toThrow();
  });
});
