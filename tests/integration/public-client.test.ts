import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicFunctions, createPublicRest } from '../../src/lib/public-client.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * The public pages' anon client (src/lib/public-client.ts: postgrest-js and one POST for a
 * function, not all of supabase-js) against the real server: every call the public pages make
 * sends the request supabase-js sends for a visitor, but for supabase-js' own X-Client-Info tag,
 * and gets the same answer.
 */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A fetch that notes each request to the API before sending it. */
function recordingFetch(sent: Sent[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (/^\/(rest|functions)\/v1\//.test(url.pathname)) {
      sent.push({
        method: request.method,
        url: request.url,
        headers: Object.fromEntries(
          [...request.headers].filter(([name]) => name !== 'x-client-info'),
        ),
        body: await request.clone().text(),
      });
    }
    return fetch(input, init);
  };
}

type Answer = { data: unknown; error: unknown };

let server: TestServer;
let supabase: SupabaseClient;
let ours: {
  rest: Awaited<ReturnType<typeof createPublicRest>>;
  functions: ReturnType<typeof createPublicFunctions>;
};
const theirsSent: Sent[] = [];
const oursSent: Sent[] = [];

beforeAll(async () => {
  server = await startTestServer();
  supabase = createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: { fetch: recordingFetch(theirsSent) },
  });
  const config = { url: server.url, anonKey: server.anonKey };
  ours = {
    rest: await createPublicRest(config, recordingFetch(oursSent)),
    functions: createPublicFunctions(config, recordingFetch(oursSent)),
  };
  const { error } = await server.serviceClient().from('blog_posts').insert({
    title: 'Vidange',
    slug: 'vidange',
    content: 'Texte',
    published_at: '2026-01-10T09:00:00.000Z',
  });
  if (error) throw error;
});
afterAll(() => server?.close());

/** The same call through both clients: the same requests went out, the same answers came back. */
async function same(
  call: (client: SupabaseClient) => PromiseLike<Answer>,
  { sameAnswer = true } = {},
): Promise<Answer> {
  theirsSent.length = 0;
  oursSent.length = 0;
  const theirs = await call(supabase);
  // The public client has the same methods for what the public pages call.
  const mine = await call({
    from: ours.rest.from.bind(ours.rest),
    rpc: ours.rest.rpc.bind(ours.rest),
    functions: ours.functions,
  } as unknown as SupabaseClient);
  expect(oursSent).toEqual(theirsSent);
  expect(oursSent).toHaveLength(1);
  // Compared without the raw Response and the status text that some answers also carry.
  if (sameAnswer) {
    expect({ data: mine.data, error: mine.error }).toEqual({
      data: theirs.data,
      error: theirs.error,
    });
  }
  return mine;
}

describe('the public pages’ anon client', () => {
  it('reads the site content', async () => {
    const { data, error } = await same((c) => c.from('site_content').select('*'));
    expect(error).toBeNull();
    expect(Array.isArray(data)).toBe(true);
  });

  it('lists the published posts as the home page and /blog do', async () => {
    const { data, error } = await same((c) =>
      c
        .from('blog_posts')
        .select('id, title, slug, excerpt, image_url, published_at')
        .not('published_at', 'is', null)
        .lte('published_at', '2026-06-01T00:00:00.000Z')
        .order('published_at', { ascending: false })
        .limit(3),
    );
    expect(error).toBeNull();
    expect((data as { slug: string }[]).map((post) => post.slug)).toEqual(['vidange']);
  });

  it('reads one article, and a missing one as PostgREST’s "no row"', async () => {
    const found = await same((c) =>
      c.from('blog_posts').select('*').eq('slug', 'vidange').single(),
    );
    expect((found.data as { title: string }).title).toBe('Vidange');
    const missing = await same((c) =>
      c.from('blog_posts').select('*').eq('slug', 'absent').single(),
    );
    expect(missing.error).toMatchObject({ code: 'PGRST116' });
  });

  it('counts a view', async () => {
    // Each call counts one more view: the answers differ by one.
    const { data, error } = await same((c) => c.rpc('increment_views', { post_slug: 'vidange' }), {
      sameAnswer: false,
    });
    expect(error).toBeNull();
    expect(data).toBe(2);
  });

  it('records a home visit', async () => {
    const { data, error } = await same((c) =>
      c.functions.invoke('recordVisit', { body: { page: 'home' } }),
    );
    expect(error).toBeNull();
    expect(data).toEqual({ success: true });
  });
});
