import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { CONTENT_TYPES } from '../../src/content/defaults.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import {
  OPENAI_KEY,
  VISIBLE_SLUGS,
  clientsFor,
  resetData,
  sql,
  type Actor,
  type Clients,
} from '../helpers/fixtures.ts';

// 300 requests in flight at once, from visitors, an administrator and a signed-in non-admin,
// reading and writing: each must see exactly what its own role and claims allow, so no role or
// JWT claim may leak from one request's transaction into another's.

interface Outcome {
  status: number;
  data?: unknown;
  code?: string;
}

interface Kind {
  name: string;
  actor: Actor;
  run: (
    client: SupabaseClient,
    i: number,
  ) => PromiseLike<{ status: number; data: unknown; error: { code: string } | null }>;
  expected: Outcome;
}

const ALL_SLUGS = [
  'article-futur',
  'brouillon-pneus',
  'controle-technique',
  'freins-hiver',
  'vidange-ete',
];
/** Every content type the seed stores (all but the modal), in the order the API sorts them. */
const SITE_TYPES = CONTENT_TYPES.filter((type) => type !== 'modal').sort();
/** …of which visitors read all but the owner's reply templates (docs/decisions/079-replies-from-templates.md). */
const PUBLIC_TYPES = SITE_TYPES.filter((type) => type !== 'replies');

const posts: Kind['run'] = (c) => c.from('blog_posts').select('slug').order('slug');
const keys: Kind['run'] = (c) => c.from('api_keys').select('name, key');
const types: Kind['run'] = (c) => c.from('site_content').select('type').order('type');
const daily: Kind['run'] = async (c) => {
  const response = await c.rpc('get_daily_stats');
  return { ...response, data: Array.isArray(response.data) ? response.data.length : response.data };
};
const alertMessage = (i: number) => `Alerte ${i}`;
const writeAlert: Kind['run'] = (c, i) =>
  c
    .from('site_content')
    .update({ content: { active: true, message: alertMessage(i), type: 'info', permanent: false } })
    .eq('type', 'alert');

const KINDS: Kind[] = [
  {
    name: 'visitor reads posts',
    actor: 'visitor',
    run: posts,
    expected: { status: 200, data: VISIBLE_SLUGS.toSorted().map((slug) => ({ slug })) },
  },
  {
    name: 'member reads posts',
    actor: 'member',
    run: posts,
    expected: { status: 200, data: VISIBLE_SLUGS.toSorted().map((slug) => ({ slug })) },
  },
  {
    name: 'admin reads posts',
    actor: 'admin',
    run: posts,
    expected: { status: 200, data: ALL_SLUGS.map((slug) => ({ slug })) },
  },
  {
    name: 'visitor reads keys',
    actor: 'visitor',
    run: keys,
    expected: { status: 401, code: '42501' },
  },
  { name: 'member reads keys', actor: 'member', run: keys, expected: { status: 200, data: [] } },
  {
    name: 'admin reads keys',
    actor: 'admin',
    run: keys,
    expected: { status: 200, data: [{ name: 'openai', key: OPENAI_KEY }] },
  },
  {
    name: 'visitor reads content',
    actor: 'visitor',
    run: types,
    expected: { status: 200, data: PUBLIC_TYPES.map((type) => ({ type })) },
  },
  {
    name: 'admin reads content',
    actor: 'admin',
    run: types,
    expected: { status: 200, data: SITE_TYPES.map((type) => ({ type })) },
  },
  {
    name: 'visitor asks for statistics',
    actor: 'visitor',
    run: daily,
    expected: { status: 401, code: '42501' },
  },
  {
    name: 'member asks for statistics',
    actor: 'member',
    run: daily,
    expected: { status: 403, code: '42501' },
  },
  {
    name: 'admin asks for statistics',
    actor: 'admin',
    run: daily,
    expected: { status: 200, data: 30 },
  },
  {
    name: 'visitor writes the alert',
    actor: 'visitor',
    run: writeAlert,
    expected: { status: 401, code: '42501' },
  },
  {
    name: 'member writes the alert',
    actor: 'member',
    run: writeAlert,
    expected: { status: 204, data: null },
  },
  {
    name: 'admin writes the alert',
    actor: 'admin',
    run: writeAlert,
    expected: { status: 204, data: null },
  },
];

/** A fixed shuffle (mulberry32), so that a failure can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// PGlite runs one query at a time; a PostgreSQL server runs them side by side on a pool of
// connections, where a role or claim left on a reused connection would show.
describe.each([
  ['on PGlite', () => startTestServer()],
  ['on PostgreSQL (TEST_DATABASE_URL)', startPostgresTestServer],
])('300 concurrent mixed requests %s', (_name, start) => {
  let server: TestServer;
  let clients: Clients;

  beforeAll(async () => {
    server = await start();
    clients = await clientsFor(server);
    await resetData(server.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('each request sees exactly what its role may see', async () => {
    const requests = shuffled(
      Array.from({ length: 300 }, (_, i) => ({ i, kind: KINDS[i % KINDS.length]! })),
      20261122,
    );
    const postsBefore = await sql(server.db, 'select * from public.blog_posts order by slug');

    const results = await Promise.all(
      requests.map(async ({ i, kind }) => {
        const { status, data, error } = await kind.run(clients[kind.actor], i);
        const got: Outcome = error ? { status, code: error.code } : { status, data };
        return { i, kind: kind.name, got, expected: kind.expected };
      }),
    );

    const wrong = results.filter((r) => JSON.stringify(r.got) !== JSON.stringify(r.expected));
    expect(wrong).toEqual([]);
    expect(results).toHaveLength(300);

    // Only the administrator's writes landed: the alert holds one of their messages.
    const [alert] = await sql<{ message: string }>(
      server.db,
      "select content ->> 'message' as message from public.site_content where type = 'alert'",
    );
    const adminMessages = results
      .filter((r) => r.kind === 'admin writes the alert')
      .map((r) => alertMessage(r.i));
    expect(adminMessages).toContain(alert!.message);
    expect(await sql(server.db, 'select * from public.blog_posts order by slug')).toEqual(
      postsBefore,
    );
  });
});
