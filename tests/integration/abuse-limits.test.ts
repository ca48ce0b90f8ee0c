import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { requestFrom } from '../helpers/from-address.ts';
import { sql } from '../helpers/fixtures.ts';

// One client flooding the endpoints any visitor may call: the statistics and the view counts
// must not be inflatable, and the API as a whole answers 429 to a flood. The server runs with
// the production defaults of these limits (the other test files turn them off).

const PRODUCTION_LIMITS: Partial<ServerConfig> = {
  apiRateLimit: 600,
  visitRateLimit: 6,
  viewRateLimit: 30,
};

const backends: [string, () => Promise<TestServer>][] = [
  ['PGlite', () => startTestServer(PRODUCTION_LIMITS)],
  ['PostgreSQL', () => startPostgresTestServer(PRODUCTION_LIMITS)],
];

describe.each(backends)('a client flooding the public endpoints (%s)', (_name, start) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start();
    await sql(
      server.db,
      `insert into public.blog_posts (title, slug, content, published_at)
       values ('Vidange', 'vidange', 'Texte', now() - interval '1 day')`,
    );
  });
  afterAll(() => server?.close());

  const headers = () => ({
    apikey: server.anonKey,
    authorization: `Bearer ${server.anonKey}`,
    'content-type': 'application/json',
  });

  /** `count` requests, 20 at a time, from `address`; their statuses and Retry-After headers. */
  async function flood(address: string, count: number, path: string, body: unknown) {
    const answers: { status: number; retryAfter: number; text: string }[] = [];
    for (let sent = 0; sent < count; sent += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, count - sent) }, () =>
          requestFrom(address, `${server.url}${path}`, {
            method: 'POST',
            headers: headers(),
            body: JSON.stringify(body),
          }),
        ),
      );
      answers.push(
        ...batch.map((a) => ({
          status: a.status,
          retryAfter: Number(a.headers['retry-after']),
          text: a.text,
        })),
      );
    }
    return answers;
  }

  it('records a handful of visits, answering the rest as not counted, not as an error', async () => {
    const answers = await flood('127.0.0.3', 300, '/functions/v1/recordVisit', { page: 'home' });
    const [{ n } = { n: -1 }] = await sql<{ n: number }>(
      server.db,
      'select count(*)::int as n from public.visits',
    );
    expect(n).toBeLessThanOrEqual(6);
    // Visitors behind one busy address (a mobile carrier's) see no failed request in their browser.
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    const counted = answers.filter((a) => JSON.parse(a.text).counted !== false);
    expect(counted).toHaveLength(n);
    const notCounted = answers.filter((a) => JSON.parse(a.text).counted === false);
    expect(notCounted).toHaveLength(300 - n);
    for (const a of notCounted)
      expect(JSON.parse(a.text)).toEqual({ success: true, counted: false });
    // Another visitor still counts.
    const other = await flood('127.0.0.4', 1, '/functions/v1/recordVisit', { page: 'home' });
    expect(other[0]!.status).toBe(200);
  });

  it('counts one view of an article per client, answering the repeats with the count, not an error', async () => {
    const answers = await flood('127.0.0.5', 300, '/rest/v1/rpc/increment_views', {
      post_slug: 'vidange',
    });
    const [{ views } = { views: -1 }] = await sql<{ views: number }>(
      server.db,
      "select views from public.blog_posts where slug = 'vidange'",
    );
    expect(views).toBe(1);
    // Every answer, the counted one and the 299 repeats, is a success carrying the count (a
    // repeat sent alongside the counted view may still read the count before it).
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    for (const a of answers) expect(['0', '1']).toContain(a.text);
    expect(answers.at(-1)!.text).toBe('1');
    // A repeat for a slug that is no published article answers null, like the function.
    const drafts = await flood('127.0.0.5', 2, '/rest/v1/rpc/increment_views', {
      post_slug: 'brouillon-inconnu',
    });
    expect(drafts.map((a) => `${a.status} ${a.text}`)).toEqual(['200 null', '200 null']);
  });

  it('refuses with 429 and Retry-After a client reading article after article', async () => {
    const slugs = Array.from({ length: 40 }, (_, i) => `article-${i}`);
    await sql(
      server.db,
      `insert into public.blog_posts (title, slug, content, published_at)
       select 'Article ' || s, s, 'Texte', now() - interval '1 day' from unnest($1::text[]) as s`,
      [slugs],
    );
    const answers = [];
    for (const slug of slugs) {
      answers.push(
        ...(await flood('127.0.0.8', 1, '/rest/v1/rpc/increment_views', { post_slug: slug })),
      );
    }
    const counted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(counted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(counted.length + refused.length).toBe(slugs.length);
    expect(refused[0]!.retryAfter).toBeGreaterThan(0);
    expect(JSON.parse(refused[0]!.text).message).toMatch(
      /^Trop d'articles lus depuis votre adresse\./,
    );
    const [{ total } = { total: -1 }] = await sql<{ total: number }>(
      server.db,
      'select coalesce(sum(views), 0)::int as total from public.blog_posts where slug = any($1)',
      [slugs],
    );
    expect(total).toBe(counted.length);
  });

  it('keeps no address: a visit is a page and a time', async () => {
    const columns = await sql<{ column_name: string }>(
      server.db,
      "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'visits' order by 1",
    );
    expect(columns.map((c) => c.column_name)).toEqual(['id', 'page', 'visited_at']);
  });

  it('answers 429 with Retry-After to one client flooding the API, and serves the others', async () => {
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let sent = 0; sent < 700; sent += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, () =>
          requestFrom('127.0.0.6', `${server.url}/rest/v1/site_content?select=type`, {
            headers: headers(),
          }),
        ),
      );
      for (const a of batch) {
        statuses.push(a.status);
        if (a.status === 429) retryAfter = Number(a.headers['retry-after']);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(600);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100);
    expect(retryAfter).toBeGreaterThan(0);
    // Storage says the same in its own shape and words (docs/decisions/090-storage-errors-in-english.md).
    const storage = await requestFrom('127.0.0.6', `${server.url}/storage/v1/object/list/media`, {
      method: 'POST',
      headers: headers(),
      body: '{}',
    });
    expect(storage.status).toBe(429);
    expect(JSON.parse(storage.text)).toMatchObject({
      statusCode: '429',
      code: 'SlowDown',
      error: 'too_many_requests',
    });
    const other = await requestFrom('127.0.0.7', `${server.url}/rest/v1/site_content?select=type`, {
      headers: headers(),
    });
    expect(other.status).toBe(200);
  });
});
