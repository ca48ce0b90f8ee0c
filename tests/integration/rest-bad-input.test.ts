/**
 * Bad input on /rest/v1, sent with plain fetch: each is answered with a clear JSON error, and the
 * database is left exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signJwt } from '../../server/jwt.ts';

let server: TestServer;
let adminToken: string;

async function snapshot(): Promise<string> {
  return server.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ state: string }>(
      `select json_build_object(
         'site_content', (select json_agg(t order by type) from public.site_content t),
         'blog_posts', (select json_agg(t order by id) from public.blog_posts t),
         'api_keys', (select json_agg(t order by name) from public.api_keys t),
         'visits', (select count(*) from public.visits),
         'tables', (select json_agg(tablename order by tablename) from pg_tables where schemaname = 'public')
       )::text as state`,
    );
    return rows[0]!.state;
  });
}

async function send(
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.url}/rest/v1${path}`, {
    method,
    headers: {
      apikey: server.anonKey,
      Authorization: `Bearer ${adminToken}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
    body: init.body,
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    json: JSON.parse(text) as Record<string, unknown>,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signJwt(
    {
      role: 'authenticated',
      sub: '00000000-0000-4000-8000-0000000000aa',
      app_metadata: { role: 'admin' },
      exp: Math.floor(Date.now() / 1000) + 3600,
    },
    server.config.jwtSecret,
  );
  await server.db.exec(
    "insert into public.blog_posts (title, slug, content, published_at) values ('Un', 'un', 'Texte', '2024-01-01T00:00:00Z')",
  );
});

afterAll(async () => {
  await server?.close();
});

interface BadInput {
  name: string;
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  status: number;
  code: string;
}

const cases: BadInput[] = [
  {
    name: 'malformed JSON on insert',
    method: 'POST',
    path: '/blog_posts',
    body: '{"title": "x", ',
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'malformed JSON on update',
    method: 'PATCH',
    path: '/blog_posts?slug=eq.un',
    body: '{title: x}',
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'malformed JSON on rpc',
    method: 'POST',
    path: '/rpc/increment_views',
    body: '[{',
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'a JSON scalar as a row',
    method: 'POST',
    path: '/blog_posts',
    body: '42',
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'select with SQL after a semicolon',
    method: 'GET',
    path: '/blog_posts?select=id;drop table blog_posts',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'select with SQL, encoded',
    method: 'GET',
    path: '/blog_posts?select=id%3Bdrop%20table%20blog_posts',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'a filter column with SQL',
    method: 'GET',
    path: '/blog_posts?select=id&id%3Bdelete%20from%20blog_posts=eq.1',
    status: 400,
    code: '42703',
  },
  {
    name: 'an order with SQL',
    method: 'GET',
    path: '/blog_posts?select=id&order=id;delete from blog_posts',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'a value with SQL is only a value',
    method: 'DELETE',
    path: "/blog_posts?slug=eq.un'%20or%20'1'='1",
    status: 204,
    code: '',
  },
  {
    name: 'an on_conflict with SQL',
    method: 'POST',
    path: '/blog_posts?on_conflict=id)%20do%20nothing;--',
    body: '{}',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'a columns list with SQL',
    method: 'POST',
    path: '/blog_posts?columns=title,"x"";drop table blog_posts"',
    body: '{}',
    status: 400,
    code: 'PGRST100',
  },
  { name: 'an unknown table', method: 'GET', path: '/nope?select=*', status: 404, code: '42P01' },
  {
    name: 'a table name with SQL',
    method: 'GET',
    path: '/blog_posts;drop%20table%20blog_posts',
    status: 404,
    code: '42P01',
  },
  {
    name: 'a table outside public',
    method: 'GET',
    path: '/pg_catalog.pg_authid',
    status: 404,
    code: '42P01',
  },
  {
    name: 'a function outside public',
    method: 'POST',
    path: '/rpc/visit_stats',
    body: '{}',
    status: 404,
    code: 'PGRST202',
  },
  { name: 'another schema', method: 'GET', path: '/users?select=*', status: 404, code: '42P01' },
  {
    name: 'a Content-Type that is not JSON',
    method: 'POST',
    path: '/blog_posts',
    body: 'title=x',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'an unsupported method',
    method: 'PUT',
    path: '/blog_posts?slug=eq.un',
    body: '{}',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'a media type no one serves',
    method: 'GET',
    path: '/blog_posts?select=id',
    headers: { Accept: 'text/html' },
    status: 415,
    code: 'PGRST107',
  },
  {
    name: 'a non-integer limit',
    method: 'GET',
    path: '/blog_posts?select=id&limit=abc',
    status: 400,
    code: 'PGRST100',
  },
];

// What PostgREST 12 answers and this server refuses, each with a 400 that names it rather than
// a different or partial answer. [name, path, request]
const REFUSED: [string, string, RequestInit?][] = [
  ['CSV (supabase-js .csv())', '/blog_posts?select=id', { headers: { Accept: 'text/csv' } }],
  [
    'GeoJSON (.geojson())',
    '/blog_posts?select=id',
    { headers: { Accept: 'application/geo+json' } },
  ],
  [
    'stripped nulls (.stripNulls())',
    '/blog_posts?select=id',
    { headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' } },
  ],
  [
    'one object with stripped nulls',
    '/blog_posts?select=id&slug=eq.un',
    { headers: { Accept: 'application/vnd.pgrst.object+json;nulls=stripped' } },
  ],
  [
    'CSV preferred to JSON',
    '/blog_posts?select=id',
    { headers: { Accept: 'text/csv, */*;q=0.5' } },
  ],
  [
    'a CSV body',
    '/blog_posts',
    { method: 'POST', body: 'title,slug\nx,x', headers: { 'Content-Type': 'text/csv' } },
  ],
  ['a JSON path in select', '/site_content?select=content->title', {}],
  ['a JSON path in order', '/site_content?select=type&order=content->>title', {}],
  ['a JSON path in a filter', '/site_content?select=type&content->>title=eq.x', {}],
  ['a JSON path in or', '/site_content?select=type&or=(content->>title.eq.x)', {}],
  ['an embedded resource', '/blog_posts?select=id,author(name)', {}],
  ['a spread resource', '/blog_posts?select=id,...author(name)', {}],
  ['an order on an embedded resource', '/blog_posts?select=id&order=author(name)', {}],
  ['a filter on an embedded resource', '/blog_posts?select=id&author.name=eq.x', {}],
  ['or on an embedded resource', '/blog_posts?select=id&author.or=(name.eq.x)', {}],
  ['a page of an embedded resource', '/blog_posts?select=id&author.limit=1', {}],
  ['a cast outside the allowed types', '/blog_posts?select=views::money', {}],
  ['a cast to a type that does not exist', '/blog_posts?select=views::nope', {}],
  ['full-text search', '/blog_posts?select=id&title=fts.vidange', {}],
  ['full-text search inside or', '/blog_posts?select=id&or=(title.wfts.vidange,slug.eq.un)', {}],
  ['an array operator', '/blog_posts?select=id&title=cs.{a}', {}],
  ['a regular expression', '/blog_posts?select=id&title=match.^U', {}],
  ['a quantifier', '/blog_posts?select=id&slug=eq(any).{un,deux}', {}],
  ['is distinct from', '/blog_posts?select=id&excerpt=isdistinct.x', {}],
  ['an estimated count', '/blog_posts?select=id', { headers: { Prefer: 'count=estimated' } }],
  [
    'parameters as one object',
    '/rpc/increment_views',
    { method: 'POST', body: '{"post_slug":"un"}', headers: { Prefer: 'params=single-object' } },
  ],
  [
    'a bound on affected rows',
    '/blog_posts?slug=eq.un',
    { method: 'DELETE', headers: { Prefer: 'handling=strict, max-affected=1' } },
  ],
];

describe('what PostgREST offers and this server does not is refused by name', () => {
  for (const [name, path, init] of REFUSED) {
    it(name, async () => {
      const before = await snapshot();
      const { status, json } = await send(init?.method ?? 'GET', path, {
        body: init?.body as string | undefined,
        headers: init?.headers as Record<string, string> | undefined,
      });
      expect(status).toBe(400);
      expect(json.code).toBe('PGRST100');
      expect(json.message).toMatch(/^Non pris en charge par ce serveur : /);
      expect(await snapshot()).toBe(before);
    });
  }
});

// PostgREST reads past these mistakes (it ignores what follows, or reads the text after a
// semicolon as another parameter) and answers something; here they are errors.
const MALFORMED: [string, string][] = [
  ['text after a select item', '/blog_posts?select=id)'],
  ['a select starting with garbage', '/blog_posts?select=:title'],
  ['a cast on a star', '/blog_posts?select=*::text'],
  ['text after an or', '/blog_posts?select=id&or=(slug.eq.un)x'],
  ['text after an in list', '/blog_posts?select=id&slug=in.(un)x'],
  ['text after is null', '/blog_posts?select=id&excerpt=is.nullx'],
  ['a negative offset', '/blog_posts?select=id&offset=-1'],
  ['a decimal limit', '/blog_posts?select=id&limit=1.5'],
];

describe('malformed parameters are errors, not guesses', () => {
  for (const [name, path] of MALFORMED) {
    it(name, async () => {
      const { status, json } = await send('GET', path);
      expect(status).toBe(400);
      expect(json.code).toBe('PGRST100');
    });
  }

  it('a text/plain body on a function is refused as PostgREST words it', async () => {
    const { status, json } = await send('POST', '/rpc/increment_views', {
      body: '{"post_slug":"un"}',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      code: 'PGRST102',
      message: 'Content-Type not acceptable: text/plain',
    });
  });
});

describe('bad input is refused clearly and changes nothing', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const before = await snapshot();
      const response = await fetch(`${server.url}/rest/v1${c.path}`, {
        method: c.method,
        headers: {
          apikey: server.anonKey,
          Authorization: `Bearer ${adminToken}`,
          'Content-Type': 'application/json',
          ...c.headers,
        },
        body: c.body,
      });
      expect(response.status).toBe(c.status);
      if (c.code) {
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const body = (await response.json()) as Record<string, unknown>;
        expect(Object.keys(body)).toEqual(['code', 'details', 'hint', 'message']);
        expect(body.code).toBe(c.code);
        expect(String(body.message).length).toBeGreaterThan(5);
      }
      expect(await snapshot()).toBe(before);
    });
  }

  it('an expired token answers 401 PGRST301 and writes nothing', async () => {
    const before = await snapshot();
    const expired = await signJwt(
      { role: 'authenticated', app_metadata: { role: 'admin' }, exp: 1_600_000_000 },
      server.config.jwtSecret,
    );
    const { status, json } = await send('DELETE', '/blog_posts?slug=eq.un', {
      headers: { Authorization: `Bearer ${expired}` },
    });
    expect(status).toBe(401);
    expect(json).toEqual({ code: 'PGRST301', details: null, hint: null, message: 'JWT expired' });
    expect(await snapshot()).toBe(before);
  });

  it('a token for a role outside the API is refused', async () => {
    const owner = await signJwt({ role: 'postgres' }, server.config.jwtSecret);
    const { status, json } = await send('GET', '/blog_posts?select=id', {
      headers: { Authorization: `Bearer ${owner}` },
    });
    expect(status).toBe(400);
    expect(json.code).toBe('22023');
  });

  it('a failing row in a batch rolls the whole batch back', async () => {
    const before = await snapshot();
    const { status, json } = await send('POST', '/blog_posts', {
      body: JSON.stringify([
        { title: 'Valable', slug: 'valable', content: 'Texte' },
        { title: null, slug: 'sans-titre', content: 'Texte' },
      ]),
    });
    expect(status).toBe(400);
    // The post check names the missing title before the NOT NULL constraint would.
    expect(json.code).toBe('23514');
    expect(await snapshot()).toBe(before);
  });

  it('the values of filters are bound, never spliced', async () => {
    const { status, json } = await send(
      'GET',
      '/blog_posts?select=slug&slug=in.(un,"x\') or true --")',
    );
    expect(status).toBe(200);
    expect(json).toEqual([{ slug: 'un' }]);
  });

  // The server answers 413 without reading the whole body and closes that connection, so the
  // requests that follow (the snapshot, the next test) still get answers.
  it('a body over 1 MB answers 413 and inserts nothing', async () => {
    const before = await snapshot();
    const big = JSON.stringify({
      title: 'gros',
      slug: 'gros',
      content: 'x'.repeat(1024 * 1024 + 10),
    });
    const { status, type, json } = await send('POST', '/blog_posts', { body: big });
    expect(status).toBe(413);
    expect(type).toContain('application/json');
    expect(json.message).toBeTruthy();
    expect(await snapshot()).toBe(before);
  });

  it('answers the next request normally after a 413', async () => {
    const { status } = await send('GET', '/site_content?select=type&type=eq.hero');
    expect(status).toBe(200);
  });
});
