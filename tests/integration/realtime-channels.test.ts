import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { realtimeLimitsFromEnv } from '../../server/config.ts';
import { signJwt } from '../../server/jwt.ts';
import { ADMIN, clientsFor, type Clients } from '../helpers/fixtures.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { refusedJoin, subscribed, until } from '../helpers/realtime.ts';
import { signedStart, visitorRequest } from '../helpers/request-start.ts';
import { makeClient, startTestServer, type TestServer } from '../helpers/server.ts';

// Broadcast and presence on public and private channels, the HTTP broadcast, and the token of a
// joined channel (updated, expired, revoked), through the real realtime-js client
// (docs/decisions/050-realtime.md), on embedded PGlite and on a PostgreSQL server.

// Tokens of joined channels are checked again often, so that a revoked one ends within the test.
const overrides = { realtime: { ...realtimeLimitsFromEnv({}), tokenCheckMs: 300 } };

type Received = { event: string; payload: Record<string, unknown> }[];

function listen(channel: RealtimeChannel, event: string): Received {
  const received: Received = [];
  channel.on('broadcast', { event }, (message) =>
    received.push(message as unknown as Received[number]),
  );
  return received;
}

function systemEvents(channel: RealtimeChannel): { status: string; message: string }[] {
  const events: { status: string; message: string }[] = [];
  channel.on('system', {}, (payload: { status: string; message: string }) => events.push(payload));
  return events;
}

describe.each([
  ['on PGlite', () => startTestServer(overrides)],
  ['on PostgreSQL (TEST_DATABASE_URL)', () => startPostgresTestServer(overrides)],
])('realtime channels %s', (_name, start) => {
  let server: TestServer;
  let clients: Clients;
  const extra: SupabaseClient[] = [];

  beforeAll(async () => {
    server = await start();
    clients = await clientsFor(server);
  });
  afterAll(async () => {
    for (const client of [...Object.values(clients ?? {}), ...extra])
      await client.removeAllChannels();
    await server?.close();
  });

  function anotherVisitor(): SupabaseClient {
    const client = server.anonClient();
    extra.push(client);
    return client;
  }

  async function anotherAdmin(): Promise<SupabaseClient> {
    const client = await server.signedInClient(ADMIN.email, ADMIN.password);
    extra.push(client);
    return client;
  }

  it('relays a broadcast to the other members of a public channel, sent as a binary frame', async () => {
    const sender = anotherVisitor().channel('atelier-public', {
      config: { broadcast: { ack: true } },
    });
    const receiver = anotherVisitor().channel('atelier-public');
    const own = listen(sender, 'apercu');
    const got = listen(receiver, 'apercu');
    await Promise.all([subscribed(sender), subscribed(receiver)]);
    expect(
      await sender.send({
        type: 'broadcast',
        event: 'apercu',
        payload: { section: 'hero', title: 'Nouveau' },
      }),
    ).toBe('ok');
    await until('the broadcast', () => got.length === 1);
    expect(got[0]).toMatchObject({
      event: 'apercu',
      payload: { section: 'hero', title: 'Nouveau' },
    });
    // Without broadcast.self, the sender does not hear itself.
    const selfish = anotherVisitor().channel('atelier-public', {
      config: { broadcast: { self: true } },
    });
    const echoed = listen(selfish, 'apercu');
    await subscribed(selfish);
    await selfish.send({ type: 'broadcast', event: 'apercu', payload: { n: 2 } });
    await until('its own broadcast', () => echoed.length === 1);
    await until('the second broadcast', () => got.length === 2);
    // The sender heard the other channel's broadcast, never its own.
    expect(own.map((m) => m.payload)).toEqual([{ n: 2 }]);
  });

  it('takes broadcasts over HTTP from a client that did not join (202)', async () => {
    const receiver = anotherVisitor().channel('atelier-http');
    const got = listen(receiver, 'note');
    await subscribed(receiver);
    const notJoined = anotherVisitor().channel('atelier-http');
    expect(await notJoined.send({ type: 'broadcast', event: 'note', payload: { n: 1 } })).toBe(
      'ok',
    );
    expect(await notJoined.httpSend('note', { n: 2 })).toEqual({ success: true });
    await until('both messages', () => got.length === 2);
    expect(got.map((m) => m.payload)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('lets administrators alone use private channels', async () => {
    const config = { config: { private: true, broadcast: { ack: true } } };
    const first = (await anotherAdmin()).channel('atelier-prive', config);
    const second = clients.admin.channel('atelier-prive', config);
    const got = listen(second, 'apercu');
    await Promise.all([subscribed(first), subscribed(second)]);

    expect(await refusedJoin(clients.member.channel('atelier-prive', config))).toMatch(
      /Unauthorized: You do not have permissions to read from this Channel topic: atelier-prive/,
    );
    expect(await refusedJoin(clients.visitor.channel('atelier-prive', config))).toMatch(
      /Unauthorized/,
    );
    // A public channel of the same name is another room: nothing crosses over.
    const publicTwin = clients.visitor.channel('atelier-prive');
    const leaked = listen(publicTwin, 'apercu');
    await subscribed(publicTwin);

    // Over HTTP, a member's message to the private topic is accepted but never delivered.
    const memberSend = clients.member.channel('atelier-prive', { config: { private: true } });
    expect(await memberSend.httpSend('apercu', { from: 'member' })).toEqual({ success: true });
    expect(
      await first.send({ type: 'broadcast', event: 'apercu', payload: { from: 'admin' } }),
    ).toBe('ok');
    await until('the administrator’s message', () => got.length === 1);
    expect(got.map((m) => m.payload)).toEqual([{ from: 'admin' }]);
    expect(leaked).toEqual([]);
  });

  it('shares presence: each member sees who is there, joins and leaves', async () => {
    const a = anotherVisitor().channel('presence-atelier', {
      config: { presence: { key: 'bureau' } },
    });
    const b = anotherVisitor().channel('presence-atelier', {
      config: { presence: { key: 'telephone' } },
    });
    for (const channel of [a, b]) channel.on('presence', { event: 'sync' }, () => undefined);
    await Promise.all([subscribed(a), subscribed(b)]);
    expect(await a.track({ section: 'hero' })).toBe('ok');
    expect(await b.track({ section: 'blog' })).toBe('ok');
    await until('both in a’s state', () => Object.keys(a.presenceState()).length === 2);
    await until('both in b’s state', () => Object.keys(b.presenceState()).length === 2);
    expect(a.presenceState().telephone).toEqual([
      expect.objectContaining({ section: 'blog', presence_ref: expect.any(String) as unknown }),
    ]);
    expect(await b.untrack()).toBe('ok');
    await until('b gone from a’s state', () => !('telephone' in a.presenceState()));
    // A private channel's presence, for administrators. The owner joins without presence after
    // the other tracked: its own track turns presence on and brings it the room's state.
    const other = (await anotherAdmin()).channel('presence-prive', { config: { private: true } });
    other.on('presence', { event: 'sync' }, () => undefined);
    await subscribed(other);
    expect(await other.track({ page: 'blog' })).toBe('ok');
    const owner = clients.admin.channel('presence-prive', {
      config: { private: true, presence: { key: 'patron' } },
    });
    await subscribed(owner);
    expect(await owner.track({ page: 'demandes' })).toBe('ok');
    await until('the owner in the other’s state', () => 'patron' in other.presenceState());
    await until('both in the owner’s state', () => Object.keys(owner.presenceState()).length === 2);
  });

  it('follows a new token: a visitor who becomes administrator receives requests', async () => {
    const client = anotherVisitor();
    let channel = client.channel('token-update', { config: { broadcast: { ack: true } } });
    const updates: { new: Record<string, unknown> }[] = [];
    const markers: unknown[] = [];
    channel = channel
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'requests' }, (payload) =>
        updates.push(payload as never),
      )
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'site_content', filter: 'type=eq.hero' },
        (payload) => markers.push(payload),
      );
    await subscribed(channel);
    const { data: id, error } = await clients.visitor.rpc('submit_request', {
      payload: visitorRequest(await signedStart(server.db), {
        name: 'Dominique Petit',
        email: 'dominique@exemple.fr',
      }),
    });
    expect(error).toBeNull();
    const setStatus = async (status: string) =>
      expect(
        (
          await clients.admin
            .from('requests')
            .update({ status })
            .eq('id', id as string)
        ).error,
      ).toBeNull();
    await setStatus('a_rappeler');
    // Changes are processed in order: once a later one reached the visitor, the first was judged
    // under the visitor's token.
    const { data: hero } = await clients.admin
      .from('site_content')
      .select('content')
      .eq('type', 'hero')
      .single();
    expect(
      (
        await clients.admin
          .from('site_content')
          .update({ content: (hero as { content: unknown }).content })
          .eq('type', 'hero')
      ).error,
    ).toBeNull();
    await until('the marker', () => markers.length > 0);
    const admin = await clients.admin.auth.getSession();
    await client.realtime.setAuth(admin.data.session!.access_token);
    // Messages of one socket are handled in order: once this is acknowledged, the token is in use.
    expect(await channel.send({ type: 'broadcast', event: 'repere', payload: {} })).toBe('ok');
    await setStatus('terminee');
    await until('the update seen as administrator', () => updates.length > 0);
    expect(updates.map((u) => u.new.status)).toEqual(['terminee']);
  });

  it('ends the channel with hosted Supabase’s error once its token expires', async () => {
    const admin = await clients.admin.auth.getSession();
    const claims = JSON.parse(
      Buffer.from(admin.data.session!.access_token.split('.')[1]!, 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    const shortLived = await signJwt(
      { ...claims, exp: Math.floor(Date.now() / 1000) + 2 },
      server.config.jwtSecret,
    );
    const client = makeClient(server.url, server.anonKey);
    extra.push(client);
    await client.realtime.setAuth(shortLived);
    const channel = client.channel('expire-bientot');
    const system = systemEvents(channel);
    await subscribed(channel);
    const ended = await until(
      'the expiry error',
      () => system.find((e) => e.status === 'error'),
      10_000,
    );
    expect(ended.message).toMatch(/^Token has expired \d+ seconds ago$/);
  });

  it('ends the channel of a session signed out elsewhere', async () => {
    const client = await anotherAdmin();
    const channel = client.channel('session-finie');
    const system = systemEvents(channel);
    await subscribed(channel);
    const other = await anotherAdmin();
    expect((await other.auth.signOut({ scope: 'global' })).error).toBeNull();
    const ended = await until('the revocation error', () =>
      system.find((e) => e.status === 'error'),
    );
    expect(ended.message).toMatch(/Session has ended/);
  });

  it('refuses a socket without a valid apikey', async () => {
    const forged = makeClient(server.url, await signJwt({ role: 'anon' }, 'x'.repeat(40)));
    extra.push(forged);
    const channel = forged.channel('refus');
    const failed = await new Promise<string>((resolve) =>
      channel.subscribe((status) => {
        if (status !== 'SUBSCRIBED') resolve(status);
      }),
    );
    expect(failed).toBe('CHANNEL_ERROR');
    await forged.removeAllChannels();
    // The right key, but a protocol version this server does not speak.
    const oldProtocol = new WebSocket(
      `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=1.0.0`,
    );
    oldProtocol.on('error', () => undefined);
    const status = await new Promise<number>((resolve) => {
      oldProtocol.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      oldProtocol.once('open', () => resolve(101));
    });
    oldProtocol.terminate();
    expect(status).toBe(400);
  });
});
