/**
 * The bounds of /rest/v1 (server/rest/limits.ts) on both databases: rows per read, the size of a
 * response, the nesting of a JSON body, the width of a select and the depth of an or/and tree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { signJwt } from '../../server/jwt.ts';
import { aggregateSql } from '../../server/rest/aggregate.ts';
import { projection } from '../../server/rest/projection.ts';
import { Params } from '../../server/rest/sql.ts';
import { startServer } from '../../server/server.ts';
import { createTestDatabase } from '../helpers/postgres-db.ts';
import { startTestServer, testConfig, withClients, type TestServer } from '../helpers/server.ts';

type Start = (overrides: Partial<ServerConfig>) => Promise<TestServer>;

const startOnPostgres: Start = async (overrides) => {
  const testDb = await createTestDatabase();
  const config = await testConfig({ ...overrides, databaseUrl: testDb.url });
  const server = await startServer(config, await openPostgres(testDb.url));
  return {
    ...withClients(server),
    async close() {
      await server.close();
      await testDb.drop();
    },
  };
};

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe.each([
  ['on PGlite', startTestServer as Start],
  ['on PostgreSQL (TEST_DATABASE_URL)', startOnPostgres],
])('%s', (_name, start) => {
  // `wide`: the default bounds over 1,500 posts. `tight`: 10 rows and 60 kB, over 5 long posts.
  let wide: TestServer;
  let tight: TestServer;
  const admin = { wide: '', tight: '' };

  async function call(server: TestServer, path: string, init: RequestInit = {}) {
    const token = server === wide ? admin.wide : admin.tight;
    const response = await fetch(`${server.url}/rest/v1${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        ...(init.headers as Record<string, string>),
      },
    });
    const text = await response.text();
    return {
      status: response.status,
      range: response.headers.get('content-range'),
      json: (text ? JSON.parse(text) : null) as unknown,
    };
  }

  beforeAll(async () => {
    [wide, tight] = await Promise.all([
      start({}),
      start({ maxRows: 10, maxResponseBytes: 60_000 }),
    ]);
    for (const [key, server] of [
      ['wide', wide],
      ['tight', tight],
    ] as const) {
      admin[key] = await signJwt(
        {
          role: 'authenticated',
          sub: '00000000-0000-4000-8000-0000000000aa',
          app_metadata: { role: 'admin' },
          exp: Math.floor(Date.now() / 1000) + 3600,
        },
        server.config.jwtSecret,
      );
    }
    await wide.db.exec(`
      insert into public.blog_posts (title, slug, content, published_at)
      select 'Article ' || g, 'article-' || g, 'Texte', '2024-01-01T00:00:00Z'
      from generate_series(1, 1500) g`);
    await tight.db.exec(`
      insert into public.blog_posts (title, slug, content, published_at)
      select 'Long ' || g, 'long-' || g, repeat('mot ', 5000), '2024-01-01T00:00:00Z'
      from generate_series(1, 5) g`);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([wide?.close(), tight?.close()]);
  });

  it('a read returns at most 1,000 rows, and says how many there are', async () => {
    const all = await call(wide, '/blog_posts?select=id', { headers: { Prefer: 'count=exact' } });
    expect(all.status).toBe(206);
    expect(all.range).toBe('0-999/1500');
    expect(all.json).toHaveLength(1000);
    const uncounted = await call(wide, '/blog_posts?select=id&limit=5000');
    expect(uncounted.range).toBe('0-999/*');
  });

  it('a smaller limit and the last page are answered as asked', async () => {
    expect((await call(wide, '/blog_posts?select=id&limit=10')).json).toHaveLength(10);
    const last = await call(wide, '/blog_posts?select=id&offset=1400', {
      headers: { Prefer: 'count=exact' },
    });
    expect(last.range).toBe('1400-1499/1500');
    expect(last.json).toHaveLength(100);
  });

  it('a function’s rows are bounded by the configured maximum too', async () => {
    const stats = await call(tight, '/rpc/get_daily_stats', { headers: { Prefer: 'count=exact' } });
    expect(stats.status).toBe(206);
    expect(stats.range).toBe('0-9/30');
    expect(stats.json).toHaveLength(10);
  });

  it('a body over the configured size is refused, and fewer rows or columns are answered', async () => {
    const refused = await call(tight, '/blog_posts?select=*');
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: '54000',
      message:
        'Réponse trop volumineuse : demandez moins de lignes (limit) ou moins de colonnes (select).',
      // 5 rows of 20 kB of text: the estimate is close to what the JSON would weigh.
      details: expect.stringMatching(/^Environ 10\d ko pour 60 ko au maximum\.$/),
    });
    expect((await call(tight, '/blog_posts?select=id,title')).status).toBe(200);
    expect((await call(tight, '/blog_posts?select=*&limit=2')).json).toHaveLength(2);
  });

  it('a write whose answer would be too large is refused and rolled back', async () => {
    const refused = await call(tight, '/blog_posts?slug=like.long-*&select=*', {
      method: 'PATCH',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({ title: 'Changé' }),
    });
    expect(refused.status).toBe(400);
    const titles = await call(tight, '/blog_posts?select=title&title=eq.Changé');
    expect(titles.json).toEqual([]);
  });

  it('Postgres does not build the body it refuses', async () => {
    const params = new Params();
    const output = projection('pgrst_source', null, [{ name: 'content', type: 'text' }]);
    const sql = aggregateSql(
      {
        with: 'WITH pgrst_source AS MATERIALIZED (SELECT content FROM public.blog_posts)',
        page: 'pgrst_source',
        projection: output.list,
        rowBytes: output.rowBytes,
        shape: 'array',
        total: null,
        maxBytes: 60_000,
      },
      params,
    );
    const plan = await tight.db.transaction(async (tx) => {
      const { rows } = await tx.query<Record<string, string>>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${sql}`,
        params.values,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    // The aggregate that would build the JSON sits in an InitPlan that never ran.
    expect(plan).toMatch(/InitPlan[^\n]*\n\s+->\s+Aggregate \(never executed\)/);
  });

  it('a JSON body nested too deeply answers 400 before reaching Postgres', async () => {
    for (const [path, body] of [
      ['/site_content', `{"type":"about","content":${nested(5000)}}`],
      ['/rpc/increment_views', `{"post_slug":${nested(5000)}}`],
    ] as const) {
      const { status, json } = await call(wide, path, { method: 'POST', body });
      expect(status).toBe(400);
      expect(json).toMatchObject({ code: '54000', message: expect.stringContaining('JSON') });
    }
    const fine = { type: 'about', content: { a: JSON.parse(nested(30)) } };
    const stored = await call(wide, '/site_content', {
      method: 'POST',
      body: JSON.stringify(fine),
    });
    expect(stored.status).not.toBe(500);
  });

  it('a filter value nested too deeply answers 400 before reaching Postgres, in every form', async () => {
    const deep = nested(6000);
    const object = `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`;
    const before = await call(wide, '/site_content?select=type,content&order=type');
    for (const [method, path] of [
      ['GET', `/site_content?content=eq.${deep}`],
      ['GET', `/site_content?content=not.eq.${deep}`],
      ['GET', `/site_content?content=neq.${object}`],
      ['GET', `/site_content?content=gt.${deep}`],
      ['GET', `/site_content?content=in.(${deep})`],
      ['GET', `/site_content?content=in.("x","${deep}")`],
      ['GET', `/site_content?or=(type.eq.hero,content.eq.${deep})`],
      ['GET', `/site_content?not.and=(type.eq.hero,content.eq.${deep})`],
      ['GET', `/rpc/get_daily_stats?period=eq.${deep}`],
      ['HEAD', `/site_content?content=eq.${deep}`],
      ['PATCH', `/site_content?content=eq.${deep}`],
      ['DELETE', `/site_content?content=eq.${deep}`],
    ] as const) {
      const { status, json } = await call(wide, path, {
        method,
        body: method === 'PATCH' ? JSON.stringify({ content: {} }) : undefined,
      });
      expect(status, `${method} ${path.slice(0, 40)}`).toBe(400);
      if (method !== 'HEAD') {
        expect(json).toMatchObject({
          code: '54000',
          message: expect.stringMatching(/^Requête trop complexe : la valeur du filtre sur/),
        });
      }
    }
    // An operator this server does not run is refused by name, however deep its value.
    const contains = await call(wide, `/site_content?content=cs.${deep}`);
    expect(contains.status).toBe(400);
    expect(contains.json).toMatchObject({
      message: 'Non pris en charge par ce serveur : opérateur cs',
    });
    // Nothing was changed, and a value within the bound is read as before.
    expect(await call(wide, '/site_content?select=type,content&order=type')).toEqual(before);
    const within = await call(wide, `/site_content?select=type&content=eq.${nested(32)}`);
    expect(within).toMatchObject({ status: 200, json: [] });
  });

  it('a select of more than 200 columns answers 400, 200 are answered', async () => {
    const ids = (n: number) => Array(n).fill('id').join(',');
    const over = await call(wide, `/blog_posts?select=${ids(201)}&limit=1`);
    expect(over.status).toBe(400);
    expect(over.json).toMatchObject({ code: '54000' });
    expect((await call(wide, `/blog_posts?select=${ids(200)}&limit=1`)).status).toBe(200);
    const stars = await call(wide, `/blog_posts?select=${Array(20).fill('*').join(',')}&limit=1`);
    expect(stars.status).toBe(400);
  });

  it('an or/and tree deeper than 16 levels answers 400', async () => {
    const tree = (depth: number): string =>
      depth === 0 ? 'slug.eq.article-1' : `or(${tree(depth - 1)},slug.eq.x)`;
    const deep = await call(wide, `/blog_posts?select=slug&or=(${tree(16)})`);
    expect(deep.status).toBe(400);
    expect(deep.json).toMatchObject({ code: '54000' });
    const fine = await call(wide, `/blog_posts?select=slug&or=(${tree(14)})`);
    expect(fine.json).toEqual([{ slug: 'article-1' }]);
  });
});
