import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApiKey } from '../../server/jwt.ts';
import { upsertUser } from '../../server/auth/users.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres-db.ts';
import { requestFrom, signInFrom } from '../helpers/from-address.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { buildServerBundle } from './site-build.ts';
import { eventually } from '../helpers/eventually.ts';

// Two server processes on one PostgreSQL behind one address, as behind a load balancer: they
// must behave as one site. Writes through one show in the other's pages; limits are counted for
// the site; a migration run elsewhere is seen by both; a scheduled post is published once; a
// session ended through one is refused by the other; an appointment is reminded once.

const OWNER = { email: 'patron@garage.test', password: 'mot-de-passe-patron-1' };

describe('two server processes on one PostgreSQL', () => {
  let testDb: TestDatabase;
  let dir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let anonKey: string;
  let sqlClient: pg.Client;
  let removeBundle: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'garage-two-'));
    // The pages are rendered by a bundle of their own: the test needs no prior `npm run build`.
    removeBundle = await buildServerBundle(path.join(dir, 'dist'));
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
      DIST_DIR: path.join(dir, 'dist'),
      API_RATE_LIMIT: '30',
      PUBLISH_INTERVAL_MS: '300',
      REMINDER_INTERVAL_MS: '200',
    });
    [a, b] = await Promise.all([startServerProcess(env('a')), startServerProcess(env('b'))]);
    sqlClient = new pg.Client({ connectionString: testDb.url });
    await sqlClient.connect();
  }, 120_000);
  afterAll(async () => {
    await sqlClient?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await testDb?.drop();
    await removeBundle?.();
    await rm(dir, { recursive: true, force: true });
  });

  const api = (token = anonKey) => ({
    apikey: anonKey,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  });

  async function ownerToken(server: ServerProcess, from: string): Promise<string> {
    const answer = await signInFrom(from, { url: server.url, anonKey }, OWNER);
    expect(answer.status).toBe(200);
    return (JSON.parse(answer.text) as { access_token: string }).access_token;
  }

  it('shows a save made through one in the pages of the other at once', async () => {
    const before = await fetch(`${b.url}/`).then((r) => r.text());
    expect(before).not.toContain('Écrit par le processus A');
    const token = await ownerToken(a, '127.0.0.10');
    const saved = await requestFrom('127.0.0.10', `${a.url}/rest/v1/site_content`, {
      method: 'POST',
      headers: { ...api(token), prefer: 'resolution=merge-duplicates' },
      body: JSON.stringify({
        type: 'about',
        content: { title: 'À propos', content: 'Écrit par le processus A.' },
      }),
    });
    expect(saved.status).toBe(200); // merged into the stored row
    expect(await fetch(`${b.url}/`).then((r) => r.text())).toContain('Écrit par le processus A');
  });

  it('counts sign-in failures for the site, not for each process', async () => {
    for (let i = 0; i < 5; i++) {
      const server = i % 2 === 0 ? a : b;
      const wrong = await signInFrom(
        '127.0.0.20',
        { url: server.url, anonKey },
        {
          email: OWNER.email,
          password: `mauvais-${i}`,
        },
      );
      expect(wrong.status).toBe(400);
    }
    expect((await signInFrom('127.0.0.20', { url: b.url, anonKey }, OWNER)).status).toBe(429);
    expect((await signInFrom('127.0.0.20', { url: a.url, anonKey }, OWNER)).status).toBe(429);
  });

  it('counts API requests for the site, not for each process', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const server = i % 2 === 0 ? a : b;
      const answer = await requestFrom(
        '127.0.0.30',
        `${server.url}/rest/v1/site_content?select=type`,
        {
          headers: api(),
        },
      );
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('publishes a scheduled post once, at its scheduled time, seen by both', async () => {
    await sqlClient.query(
      `insert into public.blog_posts (title, slug, content, scheduled_at)
       values ('Programmé', 'programme-deux', 'Texte', now() - interval '1 second')`,
    );
    const row = await eventually('the post published', async () => {
      const { rows } = await sqlClient.query<{ published_at: string | null; scheduled_at: string }>(
        "select published_at::text, scheduled_at::text from public.blog_posts where slug = 'programme-deux'",
      );
      return rows[0]?.published_at ? rows[0] : undefined;
    });
    expect(row.published_at).toBe(row.scheduled_at);
    for (const server of [a, b])
      expect((await fetch(`${server.url}/blog/programme-deux`)).status).toBe(200);
  });

  it('queues one reminder per appointment, both looking every 200 ms', async () => {
    // Due from midnight the day before: tomorrow's appointments (Paris) are due now.
    await sqlClient.query(
      `update public.site_content set content = jsonb_set(content, '{reminderTime}', '"00:00"')
        where type = 'appointments';
       insert into public.requests (name, email, vehicle_make, vehicle_model, vehicle_year,
                                    service, consent, status, appointment_date,
                                    appointment_moment, appointment_time)
       select 'Client ' || n, 'client' || n || '@exemple.fr', 'Peugeot', '208', 2017, 'Vidange',
              true, 'rdv_confirme', (now() at time zone 'Europe/Paris')::date + 1, 'apres-midi',
              '23:00'
         from generate_series(1, 20) n;`,
    );
    await eventually('every appointment reminded', async () => {
      const { rows } = await sqlClient.query<{ n: number }>(
        "select count(*)::int as n from public.requests where status = 'rdv_confirme' and reminded_at is null",
      );
      return rows[0]?.n === 0;
    });
    // A reminder's mail is written in the statement that sets reminded_at: all are visible now.
    const { rows } = await sqlClient.query<{ mails: number }>(
      `select count(m.id)::int as mails from public.requests r
         left join public.request_mails m on m.request_id = r.id and m.kind = 'rappel'
        where r.status = 'rdv_confirme' group by r.id`,
    );
    expect(rows.map((r) => r.mails)).toEqual(Array.from({ length: 20 }, () => 1));
  });

  it('reads the schema again when a migration ran elsewhere, as PostgREST does on NOTIFY', async () => {
    await sqlClient.query(`
      create function public.bonjour() returns text language sql stable as $$ select 'bonjour' $$;
      grant execute on function public.bonjour() to anon;
      notify pgrst, 'reload schema';`);
    for (const server of [a, b]) {
      await eventually(`the new function on ${server.url}`, async () => {
        const answer = await fetch(`${server.url}/rest/v1/rpc/bonjour`, {
          method: 'POST',
          headers: api(),
        });
        return answer.status === 200;
      });
    }
  });

  it('refuses on one a session ended through the other, within 5 seconds', async () => {
    const token = await ownerToken(a, '127.0.0.40');
    const read = () =>
      fetch(`${b.url}/rest/v1/api_keys?select=name`, { headers: api(token) }).then((r) => r.status);
    expect(await read()).toBe(200);
    const logout = await fetch(`${a.url}/auth/v1/logout`, { method: 'POST', headers: api(token) });
    expect(logout.status).toBe(204);
    await eventually(
      'the session refused by the other process',
      async () => (await read()) === 401,
      {
        ms: 5_000,
        every: 200,
      },
    );
  });
});
