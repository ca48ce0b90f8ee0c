import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { makeApiKey } from '../../server/jwt.ts';
import { upsertUser } from '../../server/auth/users.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres-db.ts';
import { changeLog, subscribed, until } from '../helpers/realtime.ts';
import { makeClient } from '../helpers/server.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

// Two server processes on one PostgreSQL: a change written through one, or straight in the
// database, reaches the realtime subscribers of both (LISTEN on a connection of each process),
// each still authorized by its own RLS check; broadcasts cross too (docs/decisions/050-realtime.md).

const OWNER = { email: 'patron@garage.test', password: 'mot-de-passe-patron-1' };

describe('realtime across two server processes on one PostgreSQL', () => {
  let testDb: TestDatabase;
  let dir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let anonKey: string;
  const clients: SupabaseClient[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'garage-realtime-two-'));
    const jwtSecret = randomBytes(32).toString('hex');
    anonKey = await makeApiKey('anon', jwtSecret);
    const db = await openPostgres(testDb.url);
    await migrate(db);
    await upsertUser(db, { ...OWNER, admin: true });
    await db.close();
    const env = (name: string) => ({
      DATABASE_URL: testDb.url,
      JWT_SECRET: jwtSecret,
      DATA_DIR: path.join(dir, name),
      DIST_DIR: path.join(dir, 'no-site'),
    });
    [a, b] = await Promise.all([startServerProcess(env('a')), startServerProcess(env('b'))]);
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.realtime.disconnect();
    await Promise.all([a?.stop(), b?.stop()]);
    await testDb?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  async function owner(server: ServerProcess): Promise<SupabaseClient> {
    const client = makeClient(server.url, anonKey);
    clients.push(client);
    const { error } = await client.auth.signInWithPassword(OWNER);
    expect(error).toBeNull();
    return client;
  }

  it('delivers a change written through one process to subscribers of the other', async () => {
    const onA = changeLog(await owner(a), 'deux-a', [{ table: 'blog_posts', event: 'INSERT' }]);
    const onB = changeLog(await owner(b), 'deux-b', [{ table: 'blog_posts', event: 'INSERT' }]);
    const visitorOnB = makeClient(b.url, anonKey);
    clients.push(visitorOnB);
    const hidden = changeLog(visitorOnB, 'deux-visiteur', [
      { table: 'blog_posts', event: 'INSERT' },
    ]);
    await Promise.all([
      subscribed(onA.channel),
      subscribed(onB.channel),
      subscribed(hidden.channel),
    ]);

    const writer = await owner(a);
    const { error } = await writer
      .from('blog_posts')
      .insert({ title: 'Brouillon partagé', slug: 'brouillon-partage', content: 'Texte.' });
    expect(error).toBeNull();
    await until('the draft on B', () => onB.log.events.length === 1);
    await until('the draft on A', () => onA.log.events.length === 1);
    expect(onB.log.events[0]!.new).toMatchObject({
      title: 'Brouillon partagé',
      published_at: null,
    });

    // Written straight in the database: a published post, which the visitor may read.
    const sql = new pg.Client({ connectionString: testDb.url });
    await sql.connect();
    try {
      await sql.query(
        `insert into public.blog_posts (title, slug, content, published_at)
         values ('Publié en base', 'publie-en-base', 'Texte.', now() - interval '1 hour')`,
      );
    } finally {
      await sql.end();
    }
    await until('the published post for the visitor on B', () => hidden.log.events.length === 1);
    // The draft before it was not the visitor's to see.
    expect(hidden.log.events.map((e) => e.new.title)).toEqual(['Publié en base']);
    await until('both posts on B', () => onB.log.events.length === 2);
  });
  it('relays broadcasts, text and binary, from one process to the members on the other', async () => {
    const visitor = (server: ServerProcess) => {
      const client = makeClient(server.url, anonKey);
      clients.push(client);
      return client;
    };
    const onA = visitor(a).channel('atelier-partage');
    const got: unknown[] = [];
    onA.on('broadcast', { event: 'apercu' }, (m) => got.push(m.payload));
    const onB = visitor(b).channel('atelier-partage', { config: { broadcast: { ack: true } } });
    await Promise.all([subscribed(onA), subscribed(onB)]);

    expect(await onB.send({ type: 'broadcast', event: 'apercu', payload: { n: 1 } })).toBe('ok');
    const bytes = new Uint8Array([7, 8, 9]).buffer;
    expect(await onB.send({ type: 'broadcast', event: 'apercu', payload: bytes })).toBe('ok');
    expect(await visitor(b).channel('atelier-partage').httpSend('apercu', { n: 3 })).toEqual({
      success: true,
    });
    await until('three broadcasts on A', () => got.length === 3);
    expect(got[0]).toEqual({ n: 1 });
    expect([...new Uint8Array(got[1] as ArrayBuffer)]).toEqual([7, 8, 9]);
    expect(got[2]).toEqual({ n: 3 });
  });
});
