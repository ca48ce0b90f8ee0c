/**
 * Realtime fan-out for `npm run bench`: the time from a write to its arrival at each of
 * SUBSCRIBERS sockets, p50 and p99 over WRITES writes made one after the other (each waits for all
 * its arrivals). Our server's postgres changes (a row inserted, read again under the subscribers'
 * claims) and broadcasts, beside a plain `ws` server that relays each message to every socket:
 * the floor that WebSockets alone cost on this machine. Everything on 127.0.0.1, in this process.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import type { Database } from '../server/db/database.ts';

export const SUBSCRIBERS = 200;
const WRITES = 30;
const DEADLINE_MS = 10_000;

export interface FanOutFigures {
  p50: number;
  p99: number;
  /** Arrivals missing at the deadline. */
  lost: number;
}

type Frame = [string | null, string | null, string, string, unknown];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Opens `count` sockets to `url`, each sending `join` (if any) and waiting for its reply. */
async function openSockets(url: string, count: number, join?: Frame): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, async () => {
      const ws = new WebSocket(url);
      await once(ws, 'open');
      if (join) {
        ws.send(JSON.stringify(join));
        for (;;) {
          const [data] = (await once(ws, 'message')) as [Buffer];
          const frame = JSON.parse(String(data)) as Frame;
          if (frame[3] === 'phx_reply') {
            if ((frame[4] as { status: string }).status !== 'ok')
              throw new Error(`join refused: ${String(data)}`);
            break;
          }
        }
      }
      return ws;
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/**
 * Runs `write` WRITES times; `arrives(ws, frame)` says whether a frame a subscriber received is
 * the write's arrival. Returns the latencies' p50 and p99 in milliseconds.
 */
async function timeFanOut(
  subscribers: WebSocket[],
  arrives: (data: Buffer) => boolean,
  write: (n: number) => Promise<void>,
): Promise<FanOutFigures> {
  const latencies: number[] = [];
  let started = 0;
  let arrived = 0;
  let done: (() => void) | undefined;
  for (const ws of subscribers)
    ws.on('message', (data: Buffer) => {
      if (!arrives(data)) return;
      latencies.push(performance.now() - started);
      if (++arrived === subscribers.length) done?.();
    });
  let lost = 0;
  for (let n = 0; n < WRITES; n++) {
    arrived = 0;
    const all = new Promise<void>((resolve) => (done = resolve));
    started = performance.now();
    await write(n);
    const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), DEADLINE_MS));
    if ((await Promise.race([all, timer])) === 'late') lost += subscribers.length - arrived;
  }
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), lost };
}

/** The floor: a bare `ws` server that sends every message it gets to every other socket. */
export async function echoFanOut(): Promise<FanOutFigures> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  wss.on('connection', (ws) =>
    ws.on('message', (data) => {
      for (const client of wss.clients) if (client !== ws) client.send(data);
    }),
  );
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  const subscribers = await openSockets(url, SUBSCRIBERS);
  const [writer] = await openSockets(url, 1);
  try {
    return await timeFanOut(
      subscribers,
      () => true,
      async (n) => void writer!.send(JSON.stringify({ n })),
    );
  } finally {
    for (const ws of [...subscribers, writer!]) ws.terminate();
    wss.close();
  }
}

function socketUrl(serverUrl: string, key: string): string {
  return `${serverUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`;
}

/** Our server's broadcast: one socket sends, every socket joined to the topic receives. */
export async function broadcastFanOut(serverUrl: string, anonKey: string): Promise<FanOutFigures> {
  const url = socketUrl(serverUrl, anonKey);
  const join: Frame = ['1', '1', 'realtime:bench', 'phx_join', { config: {} }];
  const subscribers = await openSockets(url, SUBSCRIBERS, join);
  const [writer] = await openSockets(url, 1, join);
  try {
    return await timeFanOut(
      subscribers,
      (data) => (JSON.parse(String(data)) as Frame)[3] === 'broadcast',
      async (n) =>
        void writer!.send(
          JSON.stringify([
            '1',
            String(n + 2),
            'realtime:bench',
            'broadcast',
            { type: 'broadcast', event: 'n', payload: { n } },
          ]),
        ),
    );
  } finally {
    for (const ws of [...subscribers, writer!]) ws.terminate();
  }
}

/** Our server's postgres changes: a published post inserted, sent to every visitor subscribed. */
export async function changesFanOut(
  serverUrl: string,
  anonKey: string,
  db: Database,
): Promise<FanOutFigures> {
  const join: Frame = [
    '1',
    '1',
    'realtime:bench-changes',
    'phx_join',
    { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'blog_posts' }] } },
  ];
  const subscribers = await openSockets(socketUrl(serverUrl, anonKey), SUBSCRIBERS, join);
  try {
    return await timeFanOut(
      subscribers,
      (data) => (JSON.parse(String(data)) as Frame)[3] === 'postgres_changes',
      (n) =>
        db.transaction(async (tx) => {
          await tx.query(
            `insert into public.blog_posts (title, slug, content, published_at)
             values ($1, $2, 'Contenu.', now() - interval '1 hour')`,
            [`Direct ${n}`, `direct-${n}-${Date.now()}`],
          );
        }),
    );
  } finally {
    for (const ws of subscribers) ws.terminate();
  }
}
