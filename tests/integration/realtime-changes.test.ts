import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { clientsFor, resetData, type Clients } from '../helpers/fixtures.ts';
import { openDayFromNow } from '../helpers/open-days.ts';
import { signedStart, visitorRequest } from '../helpers/request-start.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { changeLog, refusedJoin, subscribed, until, type ChangeLog } from '../helpers/realtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// Postgres changes through the real realtime-js client (docs/decisions/050-realtime.md): filters,
// authorization by each subscriber's RLS, and DELETE carrying the primary key only, on embedded
// PGlite and on a PostgreSQL server.

const SERVICE = DEFAULT_CONTENT.services.servicesList[0]!;

/** A request as the form sends it, with a start the database signed 20 seconds ago. */
async function request(server: TestServer, name: string) {
  return visitorRequest(await signedStart(server.db), {
    name,
    plate: 'AB-123-CD',
    service: SERVICE,
    preferred_dates: [{ date: openDayFromNow(3), moment: 'matin' }],
    message: 'Bruit au freinage.',
  });
}

describe.each([
  ['on PGlite', () => startTestServer()],
  ['on PostgreSQL (TEST_DATABASE_URL)', () => startPostgresTestServer()],
])('realtime postgres changes %s', (_name, start) => {
  let server: TestServer;
  let clients: Clients;

  beforeAll(async () => {
    server = await start();
    clients = await clientsFor(server);
    await resetData(server.db);
  });
  afterAll(async () => {
    for (const client of Object.values(clients ?? {})) await client.removeAllChannels();
    await server?.close();
  });

  async function saveHero(client: SupabaseClient, heading: string) {
    const { data } = await client
      .from('site_content')
      .select('content')
      .eq('type', 'hero')
      .single();
    const content = { ...(data as { content: Record<string, unknown> }).content, heading };
    const { error } = await client.from('site_content').update({ content }).eq('type', 'hero');
    expect(error).toBeNull();
  }

  const headings = (log: ChangeLog) =>
    log.events.map((e) => (e.new.content as { heading?: string } | undefined)?.heading);

  it('sends the rows a filter selects, converted to their types, and only those', async () => {
    const hero = changeLog(clients.admin, 'filter-eq', [
      { table: 'site_content', event: 'UPDATE', filter: 'type=eq.hero' },
    ]);
    const notHero = changeLog(clients.admin, 'filter-neq', [
      { table: 'site_content', event: 'UPDATE', filter: 'type=neq.hero' },
    ]);
    const list = changeLog(clients.admin, 'filter-in', [
      { table: 'site_content', event: 'UPDATE', filter: 'type=in.(about,hero)' },
    ]);
    await Promise.all([
      subscribed(hero.channel),
      subscribed(notHero.channel),
      subscribed(list.channel),
    ]);

    const { data: about } = await clients.admin
      .from('site_content')
      .select('content')
      .eq('type', 'about')
      .single();
    const { error } = await clients.admin
      .from('site_content')
      .update({ content: (about as { content: unknown }).content })
      .eq('type', 'about');
    expect(error).toBeNull();
    await saveHero(clients.admin, 'Titre filtré');

    await until('the hero change', () => hero.log.events.length === 1);
    await until('both changes of the in list', () => list.log.events.length === 2);
    await until('the change that is not hero', () => notHero.log.events.length === 1);
    const [change] = hero.log.events;
    expect(change).toMatchObject({ table: 'site_content', eventType: 'UPDATE', errors: null });
    expect(change!.new).toMatchObject({ type: 'hero', content: { heading: 'Titre filtré' } });
    // old_record carries the primary key only, as hosted Supabase sends it.
    expect(change!.old).toEqual({ type: 'hero' });
    expect(new Date(change!.commit_timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(notHero.log.events.map((e) => e.new.type)).toEqual(['about']);
    expect(list.log.events.map((e) => e.new.type)).toEqual(['about', 'hero']);
  });

  it('refuses a filter hosted Supabase refuses, and an in list over 100 values', async () => {
    const like = changeLog(clients.admin, 'filter-like', [
      { table: 'site_content', filter: 'type=like.*hero*' },
    ]);
    expect(await refusedJoin(like.channel)).toMatch(/Invalid filter/);
    const values = Array.from({ length: 101 }, (_, i) => `t${i}`).join(',');
    const many = changeLog(clients.admin, 'filter-many', [
      { table: 'site_content', filter: `type=in.(${values})` },
    ]);
    expect(await refusedJoin(many.channel)).toMatch(/at most 100 values/);
    const column = changeLog(clients.admin, 'filter-column', [
      { table: 'site_content', filter: 'nothing=eq.1' },
    ]);
    expect(await refusedJoin(column.channel)).toMatch(/Invalid column/);
  });

  it('sends requests, API keys and history to nobody but the administrator', async () => {
    const watched = [
      { table: 'requests' },
      { table: 'api_keys' },
      { table: 'content_history' },
      // The marker: a later change every subscriber may read.
      { table: 'site_content', event: 'UPDATE' as const, filter: 'type=eq.hero' },
    ];
    const visitor = changeLog(clients.visitor, 'rls-visitor', watched);
    const member = changeLog(clients.member, 'rls-member', watched);
    const admin = changeLog(clients.admin, 'rls-admin', watched);
    // The service key, with no user token, subscribes as service_role, which RLS lets read all.
    const service = changeLog(clients.service, 'rls-service', watched);
    await Promise.all([visitor, member, admin, service].map((s) => subscribed(s.channel)));

    const { data: id, error } = await clients.visitor.rpc('submit_request', {
      payload: await request(server, 'Camille Martin'),
    });
    expect(error).toBeNull();
    const seen = (s: { log: ChangeLog }, type: string) =>
      s.log.events.some((e) => e.table === 'requests' && e.eventType === type);
    // A change is read again when processed: each step is awaited, so that each is read as it was
    // written (a row updated or deleted meanwhile would show later: docs/decisions/050-realtime.md).
    await until('the insert for the admin', () => seen(admin, 'INSERT'));
    await until('the insert for the service role', () => seen(service, 'INSERT'));
    expect(
      (
        await clients.admin
          .from('requests')
          .update({ status: 'a_rappeler' })
          .eq('id', id as string)
      ).error,
    ).toBeNull();
    expect(
      (await clients.admin.from('api_keys').upsert({ name: 'openai', key: 'sk-secret-realtime' }))
        .error,
    ).toBeNull();
    await until('the update for the admin', () => seen(admin, 'UPDATE'));
    await until('the update for the service role', () => seen(service, 'UPDATE'));
    expect(
      (
        await clients.admin
          .from('requests')
          .delete()
          .eq('id', id as string)
      ).error,
    ).toBeNull();
    await saveHero(clients.admin, 'Marqueur RLS');

    const marker = (s: { log: ChangeLog }) =>
      s.log.events.some(
        (e) => e.table === 'site_content' && headings(s.log).includes('Marqueur RLS'),
      );
    await until('the marker for the visitor', () => marker(visitor));
    await until('the marker for the member', () => marker(member));
    await until('the marker for the admin', () => marker(admin));
    await until('the marker for the service role', () => marker(service));

    // Only the marker reached the visitor and the member: nothing of requests, keys or history.
    expect(visitor.log.events.map((e) => e.table)).toEqual(['site_content']);
    expect(member.log.events.map((e) => e.table)).toEqual(['site_content']);
    const requests = admin.log.events.filter((e) => e.table === 'requests');
    expect(requests.map((e) => e.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(requests[0]!.new).toMatchObject({
      id,
      name: 'Camille Martin',
      status: 'nouvelle',
      consent: true,
    });
    expect(requests[1]!.new).toMatchObject({ id, status: 'a_rappeler' });
    expect(requests[2]!.old).toEqual({ id });
    expect(requests[2]!.new).toEqual({});
    expect(
      service.log.events.filter((e) => e.table === 'requests').map((e) => e.eventType),
    ).toEqual(['INSERT', 'UPDATE', 'DELETE']);
  });

  it('sends a DELETE with the primary key only, to those who could read the row', async () => {
    const visitor = changeLog(clients.visitor, 'delete-visitor', [
      { table: 'site_content', event: 'DELETE' },
    ]);
    await subscribed(visitor.channel);
    expect(
      (await clients.admin.from('site_content').delete().eq('type', 'about')).error,
    ).toBeNull();
    const [change] = await until(
      'the delete',
      () => visitor.log.events.length > 0 && visitor.log.events,
    );
    expect(change).toMatchObject({ table: 'site_content', eventType: 'DELETE', new: {} });
    expect(change!.old).toEqual({ type: 'about' });
  });

  it('sends a change written on the server only to those subscribed when it was committed', async () => {
    const late = changeLog(clients.admin, 'late', [{ table: 'blog_posts', event: 'INSERT' }]);
    await subscribed(late.channel);
    const { data, error } = await clients.admin
      .from('blog_posts')
      .insert({
        title: 'Article en direct',
        slug: 'article-en-direct',
        content: 'Texte en direct.',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const [change] = await until(
      'the new post',
      () => late.log.events.length > 0 && late.log.events,
    );
    expect(change!.new).toMatchObject({
      id: (data as { id: string }).id,
      title: 'Article en direct',
    });
  });
});
