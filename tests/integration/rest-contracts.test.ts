/**
 * The PostgREST contracts supabase-js relies on, through the real client against the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';

let server: TestServer;
let admin: SupabaseClient;
let visitor: SupabaseClient;

const PUBLISHED = '2024-01-10T09:00:00.000Z';

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser('admin@example.com', 'mot-de-passe-solide', true);
  admin = await server.signedInClient('admin@example.com', 'mot-de-passe-solide');
  visitor = server.anonClient();
  const { error } = await admin.from('blog_posts').insert([
    { title: 'Vidange', slug: 'vidange', content: 'a', published_at: PUBLISHED },
    { title: 'Pneus', slug: 'pneus', content: 'b', published_at: PUBLISHED },
    { title: 'Brouillon', slug: 'brouillon', content: 'c' },
  ]);
  if (error) throw new Error(error.message);
});

afterAll(async () => {
  await server?.close();
});

describe('single object responses', () => {
  it('.single() on 0 rows answers 406 PGRST116', async () => {
    const { data, error, status } = await visitor
      .from('blog_posts')
      .select('*')
      .eq('slug', 'nope')
      .single();
    expect(status).toBe(406);
    expect(data).toBeNull();
    expect(error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'JSON object requested, multiple (or no) rows returned',
    });
  });

  it('.single() on more than one row answers 406 PGRST116', async () => {
    const { error, status } = await visitor.from('blog_posts').select('id').single();
    expect(status).toBe(406);
    expect(error?.details).toBe('The result contains 2 rows');
  });

  it('.single() on one row gives the object', async () => {
    const { data, error } = await visitor
      .from('blog_posts')
      .select('title,slug')
      .eq('slug', 'vidange')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Vidange', slug: 'vidange' });
  });

  it('.maybeSingle() on 0 rows gives null without error', async () => {
    const { data, error } = await visitor
      .from('blog_posts')
      .select('*')
      .eq('slug', 'brouillon')
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });
});

describe('upsert', () => {
  it('answers 201 for a new row, then 200 when it merges', async () => {
    // The server seeds every content type; start from a missing one.
    await server.serviceClient().from('site_content').delete().eq('type', 'about');
    const first = await admin
      .from('site_content')
      .upsert({ type: 'about', content: { title: 'À propos', content: 'un' } });
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    const second = await admin
      .from('site_content')
      .upsert({ type: 'about', content: { title: 'À propos', content: 'deux' } })
      .select();
    expect(second.error).toBeNull();
    expect(second.status).toBe(200);
    expect(second.data).toEqual([
      expect.objectContaining({ type: 'about', content: { title: 'À propos', content: 'deux' } }),
    ]);
  });

  it('merges on the onConflict column', async () => {
    const first = await admin
      .from('api_keys')
      .upsert({ name: 'openai', key: 'k1' }, { onConflict: 'name' });
    expect(first.status).toBe(201);
    const second = await admin
      .from('api_keys')
      .upsert({ name: 'openai', key: 'k2' }, { onConflict: 'name' });
    expect(second.status).toBe(200);
    const { data } = await admin.from('api_keys').select('key').eq('name', 'openai').maybeSingle();
    expect(data).toEqual({ key: 'k2' });
  });
});

describe('counts', () => {
  it('arrive in Content-Range for HEAD requests', async () => {
    const { count, data, error } = await admin
      .from('blog_posts')
      .select('*', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(3);
  });

  it('follow RLS and filters, alongside the rows', async () => {
    const { count, data } = await visitor
      .from('blog_posts')
      .select('slug', { count: 'exact' })
      .order('slug')
      .limit(1);
    expect(count).toBe(2);
    expect(data).toEqual([{ slug: 'pneus' }]);
  });

  it('are 0 when nothing matches', async () => {
    const { count, data } = await visitor
      .from('blog_posts')
      .select('*', { count: 'exact' })
      .eq('slug', 'nope');
    expect(count).toBe(0);
    expect(data).toEqual([]);
  });
});

describe('errors', () => {
  it('an unknown column answers 400', async () => {
    const { error, status } = await visitor.from('blog_posts').select('id,nope');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: '42703',
      message: 'column blog_posts.nope does not exist',
    });
  });

  it('an unknown column in a write answers 400 and writes nothing', async () => {
    const { error, status } = await admin
      .from('blog_posts')
      .insert({ title: 'x', slug: 'x', nope: 1 });
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST204');
    const { count } = await admin.from('blog_posts').select('*', { count: 'exact', head: true });
    expect(count).toBe(3);
  });

  it('an unsupported operator answers 400 naming it', async () => {
    const { error, status } = await visitor
      .from('blog_posts')
      .select('id')
      .textSearch('title', 'vidange');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST100');
    expect(error?.message).toContain('fts');
  });

  it('an embedded resource answers 400 rather than a partial answer', async () => {
    const embedded = await visitor.from('blog_posts').select('id, author(name)');
    expect(embedded.status).toBe(400);
    expect(embedded.error?.message).toContain('imbriquées');
  });

  it('.csv(), .geojson() and .stripNulls() answer 400 saying so', async () => {
    const answers = [
      await visitor.from('blog_posts').select('slug').csv(),
      await visitor.from('blog_posts').select('slug').geojson(),
      await visitor.from('blog_posts').select('slug').stripNulls(),
    ];
    for (const { status, error } of answers) {
      expect(status).toBe(400);
      expect(error?.message).toMatch(/^Non pris en charge par ce serveur : le format /);
    }
  });
  it('a visitor writing answers 401, a non-admin 403', async () => {
    const anon = await visitor.from('site_content').insert({ type: 'contact', content: {} });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    await server.createUser('user@example.com', 'mot-de-passe-solide');
    const user = await server.signedInClient('user@example.com', 'mot-de-passe-solide');
    const signedIn = await user
      .from('site_content')
      .upsert({ type: 'contact', content: DEFAULT_CONTENT.contact });
    expect(signedIn.status).toBe(403);
  });
});

describe('filters and columns supabase-js users reach for', () => {
  it('.or() with a nested and()', async () => {
    const { data, error } = await visitor
      .from('blog_posts')
      .select('slug')
      .or('slug.eq.vidange,and(slug.eq.pneus,title.eq.Pneus),slug.eq.brouillon')
      .order('slug');
    expect(error).toBeNull();
    expect(data).toEqual([{ slug: 'pneus' }, { slug: 'vidange' }]);
  });

  it('.not() and .or() together', async () => {
    const { data } = await admin
      .from('blog_posts')
      .select('slug')
      .not('published_at', 'is', null)
      .or('title.ilike.*idang*,title.eq.Brouillon');
    expect(data).toEqual([{ slug: 'vidange' }]);
  });

  it('aliases and casts in select', async () => {
    const { data, error } = await visitor
      .from('blog_posts')
      .select('titre:title, vues:views::text')
      .eq('slug', 'vidange')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ titre: 'Vidange', vues: '0' });
  });

  it('.in() keeps the spaces of a value', async () => {
    const spaced = await visitor.from('blog_posts').select('slug').in('title', ['Vidange ']);
    expect(spaced.data).toEqual([]);
    const exact = await visitor.from('blog_posts').select('slug').in('title', ['Vidange', 'x y']);
    expect(exact.data).toEqual([{ slug: 'vidange' }]);
  });

  it('.delete() with .or() removes exactly those rows', async () => {
    await admin.from('blog_posts').insert([
      { title: 'A', slug: 'a-supprimer', content: 'a' },
      { title: 'B', slug: 'b-garder', content: 'b' },
    ]);
    const { data, error } = await admin
      .from('blog_posts')
      .delete()
      .or('slug.eq.a-supprimer,slug.eq.nope')
      .select('slug');
    expect(error).toBeNull();
    expect(data).toEqual([{ slug: 'a-supprimer' }]);
    await admin.from('blog_posts').delete().eq('slug', 'b-garder');
  });
});

describe('the app’s calls', () => {
  it('reads the latest published posts', async () => {
    const { data, error } = await visitor
      .from('blog_posts')
      .select('*')
      .not('published_at', 'is', null)
      .lte('published_at', new Date().toISOString())
      .order('published_at', { ascending: false })
      .limit(3);
    expect(error).toBeNull();
    expect(data?.map((p) => p.slug).sort()).toEqual(['pneus', 'vidange']);
  });

  it('filters with in(), like and ilike', async () => {
    const inList = await admin
      .from('blog_posts')
      .select('slug')
      .in('slug', ['vidange', 'brouillon'])
      .order('slug');
    expect(inList.data).toEqual([{ slug: 'brouillon' }, { slug: 'vidange' }]);
    const like = await admin.from('blog_posts').select('slug').like('title', '%idan%');
    expect(like.data).toEqual([{ slug: 'vidange' }]);
    const ilike = await admin.from('blog_posts').select('slug').ilike('title', 'PNEU%');
    expect(ilike.data).toEqual([{ slug: 'pneus' }]);
  });

  it('orders with nulls first or last and pages with range()', async () => {
    const { data } = await admin
      .from('blog_posts')
      .select('slug')
      .order('published_at', { ascending: false, nullsFirst: true })
      .order('slug')
      .range(0, 1);
    expect(data).toEqual([{ slug: 'brouillon' }, { slug: 'pneus' }]);
  });

  it('updates, then deletes, by id', async () => {
    const { data: created } = await admin
      .from('blog_posts')
      .insert({ title: 'Temp', slug: 'temp', content: 'Texte' })
      .select('id')
      .single();
    const id = (created as { id: string }).id;
    const updated = await admin.from('blog_posts').update({ published_at: PUBLISHED }).eq('id', id);
    expect(updated.status).toBe(204);
    const selected = await admin
      .from('blog_posts')
      .update({ excerpt: 'e' })
      .eq('id', id)
      .select('excerpt');
    expect(selected.status).toBe(200);
    expect(selected.data).toEqual([{ excerpt: 'e' }]);
    const deleted = await admin.from('blog_posts').delete().eq('id', id);
    expect(deleted.status).toBe(204);
    const { data } = await admin.from('blog_posts').select('id').eq('id', id);
    expect(data).toEqual([]);
  });

  it('calls increment_views and the statistics', async () => {
    const views = await visitor.rpc('increment_views', { post_slug: 'vidange' });
    expect(views.error).toBeNull();
    expect(views.data).toBe(1);
    const stats = await admin.rpc('get_daily_stats');
    expect(stats.error).toBeNull();
    expect(stats.data).toHaveLength(30);
    expect(stats.data[0]).toEqual({ period: expect.any(String), visits: 0 });
    const refused = await visitor.rpc('get_daily_stats');
    expect(refused.status).toBe(401);
  });

  it('a bad token answers 401 PGRST301', async () => {
    const response = await fetch(`${server.url}/rest/v1/site_content?select=type`, {
      headers: { apikey: server.anonKey, Authorization: 'Bearer a.b.c' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
    expect((await response.json()).code).toBe('PGRST301');
  });
});
