import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import {
  realtimeLimitsFromEnv,
  type RealtimeLimits,
  type ServerConfig,
} from '../../server/config.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { refusedJoin, subscribed, until } from '../helpers/realtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// Realtime's bounds (docs/decisions/050-realtime.md): sockets per address and in all, channels per
// socket, joins and messages per second, payload size and idle sockets. Over a bound the client
// gets an error it can read, and the server goes on serving; on embedded PGlite and PostgreSQL.

const limits: RealtimeLimits = {
  ...realtimeLimitsFromEnv({}),
  maxConnections: 3,
  maxConnectionsPerAddress: 2,
  maxChannelsPerConnection: 3,
  maxJoinsPerSecond: 4,
  maxEventsPerSecond: 30,
  maxPayloadBytes: 1024,
  maxPresenceBytes: 512,
};

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

/** A bare socket, as realtime-js opens it, from a given local address. */
function rawSocket(server: TestServer, from = '127.0.0.1') {
  const url = `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=2.0.0`;
  const ws = new WebSocket(url, { localAddress: from });
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  const opened = new Promise<number>((resolve) => {
    ws.once('open', () => resolve(101));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return { ws, frames, opened, closed, send: (frame: Frame) => ws.send(JSON.stringify(frame)) };
}

describe.each([
  ['on PGlite', (o: Partial<ServerConfig>) => startTestServer(o)],
  ['on PostgreSQL (TEST_DATABASE_URL)', (o: Partial<ServerConfig>) => startPostgresTestServer(o)],
])('realtime limits %s', (_name, start) => {
  let server: TestServer;
  const clients: SupabaseClient[] = [];

  beforeAll(async () => {
    server = await start({ realtime: limits });
  });
  afterAll(async () => {
    for (const client of clients) client.realtime.disconnect();
    await server?.close();
  });

  function client(): SupabaseClient {
    const c = server.anonClient();
    clients.push(c);
    return c;
  }

  async function serverAnswers() {
    const { error } = await server.anonClient().from('site_content').select('type').limit(1);
    expect(error).toBeNull();
  }

  it('refuses sockets over the limits per address and in all, with 429', async () => {
    const a = rawSocket(server);
    const b = rawSocket(server);
    expect([await a.opened, await b.opened]).toEqual([101, 101]);
    const c = rawSocket(server);
    expect(await c.opened).toBe(429);
    const d = rawSocket(server, '127.0.0.2');
    expect(await d.opened).toBe(101);
    const e = rawSocket(server, '127.0.0.3');
    expect(await e.opened).toBe(429);
    for (const s of [a, b, d]) s.ws.close();
    await Promise.all([a.closed, b.closed, d.closed]);
    // Closed sockets free their places.
    const f = rawSocket(server);
    expect(await f.opened).toBe(101);
    f.ws.close();
    await f.closed;
  });

  it('refuses a channel over the limit per socket, and joins over the rate', async () => {
    const c = client();
    await Promise.all(['un', 'deux', 'trois'].map((name) => subscribed(c.channel(name))));
    expect(await refusedJoin(c.channel('quatre'))).toBe(
      'ChannelRateLimitReached: Too many channels',
    );
    c.realtime.disconnect();

    const raw = rawSocket(server);
    await raw.opened;
    for (let i = 0; i < 10; i++) {
      raw.send([String(i), String(i), 'realtime:va-et-vient', 'phx_join', { config: {} }]);
      raw.send([String(i), `${i}-leave`, 'realtime:va-et-vient', 'phx_leave', {}]);
    }
    await until('a refused join', () =>
      raw.frames.find(
        (f) =>
          f[3] === 'phx_reply' &&
          f[4].status === 'error' &&
          (f[4].response as { reason?: string }).reason ===
            'ClientJoinRateLimitReached: Too many joins per second',
      ),
    );
    raw.ws.close();
    await raw.closed;
  });

  it('ends the channels of a flooding socket with an error, and keeps serving', async () => {
    const c = client();
    const channel = c.channel('inondation');
    const system: { status: string; message: string }[] = [];
    channel.on('system', {}, (p: { status: string; message: string }) => system.push(p));
    await subscribed(channel);
    for (let i = 0; i < 100; i++)
      void channel.send({ type: 'broadcast', event: 'spam', payload: { i } });
    const error = await until('the flood error', () => system.find((e) => e.status === 'error'));
    expect(error.message).toBe('Too many messages per second');
    c.realtime.disconnect();
    await serverAnswers();
    const fresh = client();
    await subscribed(fresh.channel('apres-inondation'));
    fresh.realtime.disconnect();
  });

  it('answers a message over the payload limit with an error', async () => {
    const c = client();
    const channel = c.channel('gros', { config: { broadcast: { ack: true } } });
    const system: { status: string; message: string }[] = [];
    channel.on('system', {}, (p: { status: string; message: string }) => system.push(p));
    await subscribed(channel);
    const big = await channel.send({
      type: 'broadcast',
      event: 'gros',
      payload: { text: 'x'.repeat(2000) },
    });
    expect(big).toBe('error');
    await until('the size error', () => system.find((e) => /Payload too large/.test(e.message)));
    expect(await channel.send({ type: 'broadcast', event: 'petit', payload: { text: 'x' } })).toBe(
      'ok',
    );
    c.realtime.disconnect();
  });

  it('bounds what a socket holds: topic length and presence state', async () => {
    const c = client();
    expect(await refusedJoin(c.channel('t'.repeat(300)))).toBe('Topic too long: at most 255 bytes');
    const channel = c.channel('presence-lourde');
    const system: { status: string; message: string }[] = [];
    channel.on('system', {}, (p: { status: string; message: string }) => system.push(p));
    await subscribed(channel);
    void channel.track({ note: 'x'.repeat(limits.maxPresenceBytes) });
    const error = await until('the track error', () => system.find((e) => e.status === 'error'));
    expect(error.message).toBe('Track message size exceeded');
    c.realtime.disconnect();
  });

  it('closes silent sockets, keeps those that beat, and realtime-js reconnects and rejoins', async () => {
    const quick = await start({
      realtime: { ...limits, maxConnectionsPerAddress: 0, maxConnections: 10, idleTimeoutMs: 500 },
    });
    const made: SupabaseClient[] = [];
    const joinedTimes = (channel: ReturnType<SupabaseClient['channel']>) => {
      const count = { n: 0 };
      channel.subscribe((status) => {
        if (status === 'SUBSCRIBED') count.n += 1;
      });
      return count;
    };
    try {
      const beating = createClient(quick.url, quick.anonKey, {
        auth: { persistSession: false },
        realtime: { transport: WebSocket as never, heartbeatIntervalMs: 100 },
      });
      const silent = quick.anonClient();
      made.push(beating, silent);
      const kept = beating.channel('bat', { config: { broadcast: { ack: true } } });
      const keptJoins = joinedTimes(kept);
      const dropped = silent.channel('muet');
      const droppedJoins = joinedTimes(dropped);
      await until('both joined', () => keptJoins.n === 1 && droppedJoins.n === 1);
      const raw = rawSocket(quick);
      expect(await raw.opened).toBe(101);
      expect(await raw.closed).toBe(1000);
      // The client without heartbeat in that time was closed too, came back and joined again.
      await until('the silent client rejoined', () => droppedJoins.n >= 2, 10_000);
      // The one that beats every 100 ms was never closed.
      expect(await kept.send({ type: 'broadcast', event: 'toujours', payload: {} })).toBe('ok');
      expect(keptJoins.n).toBe(1);
    } finally {
      for (const c of made) c.realtime.disconnect();
      await quick.close();
    }
  });
});
