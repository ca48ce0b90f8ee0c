/**
 * `npm run bench:realtime-idle`: the memory an idle realtime socket costs the server. Starts the
 * server in a process of its own (embedded database in a temporary folder), opens
 * BENCH_SOCKETS (default 1000) sockets as realtime-js does, each joined to one channel and then
 * silent, and prints the server's resident memory before and after, and the difference per socket.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { makeApiKey } from '../server/jwt.ts';
import { startServerProcess } from '../tests/helpers/server-process.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS || 1000);
const WARM_UP = 20;

async function rssKiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
}

/** Opens one socket and joins one channel; resolves once the join is acknowledged. */
function idleSocket(url: string, i: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('error', reject);
    ws.once('open', () =>
      ws.send(JSON.stringify(['1', '1', `realtime:atelier-${i % 10}`, 'phx_join', { config: {} }])),
    );
    ws.once('message', (data) => {
      const [, , , event, payload] = JSON.parse(String(data)) as [
        unknown,
        unknown,
        string,
        string,
        { status: string },
      ];
      if (event === 'phx_reply' && payload.status === 'ok') resolve(ws);
      else reject(new Error(String(data)));
    });
  });
}

async function settle(pid: number): Promise<number> {
  // Resident memory moves for a moment after a burst: the lowest of a few readings.
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setTimeout(r, 400));
    readings.push(await rssKiB(pid));
  }
  return Math.min(...readings);
}

const dir = await mkdtemp(path.join(tmpdir(), 'garage-realtime-bench-'));
const secret = randomBytes(32).toString('hex');
const server = await startServerProcess({
  DATA_DIR: path.join(dir, 'data'),
  DIST_DIR: path.join(dir, 'no-site'),
  JWT_SECRET: secret,
  LOG_LEVEL: 'warn',
  MAX_CONNECTIONS_PER_ADDRESS: '0',
  REALTIME_MAX_CONNECTIONS: String(SOCKETS + WARM_UP + 10),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
  REALTIME_MAX_JOINS_PER_SECOND: '1000',
  // Longer than the run: the sockets send no heartbeat.
  REALTIME_IDLE_TIMEOUT_MS: '600000',
});
const sockets: WebSocket[] = [];
try {
  const pid = server.child.pid!;
  const url = `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${await makeApiKey('anon', secret)}&vsn=2.0.0`;
  for (let i = 0; i < WARM_UP; i++) sockets.push(await idleSocket(url, i));
  const before = await settle(pid);
  for (let i = 0; i < SOCKETS; i += 50)
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, SOCKETS - i) }, (_, j) => idleSocket(url, i + j)),
      )),
    );
  const after = await settle(pid);
  const perSocket = ((after - before) * 1024) / SOCKETS;
  console.log(`sockets: ${SOCKETS} idle, each joined to one channel`);
  console.log(
    `server RSS: ${(before / 1024).toFixed(1)} MiB before, ${(after / 1024).toFixed(1)} MiB after`,
  );
  console.log(`per socket: ${(perSocket / 1024).toFixed(1)} KiB`);
} finally {
  for (const ws of sockets) ws.terminate();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
