import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../src/content/defaults.ts';
import { seedDefaultContent } from '../../server/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { clientsFor, resetData, sql, type Clients } from '../helpers/fixtures.ts';
import { awayFromParisMidnight, parisBuckets } from '../helpers/paris-time.ts';

// Every call of docs/product.md#backend-calls ("Content", "Blog", "Visits and statistics"), made
// with supabase-js exactly as the site and the back-office make it, and what they get back.

const POST_COLUMNS = [
  'content',
  'created_at',
  'excerpt',
  'id',
  'image_url',
  'published_at',
  'scheduled_at',
  'slug',
  'title',
  'updated_at',
  'views',
].sort();

const DAY = 86_400_000;

interface Post {
  id: string;
  slug: string;
  title: string;
  published_at: string | null;
  views: number | null;
  [column: string]: unknown;
}

describe('the backend calls of the product', () => {
  let server: TestServer;
  let c: Clients;
  let ids: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer();
    c = await clientsFor(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    const now = Date.now();
    ids = await resetData(server.db, now);
    // Two more published posts, so that the home preview's limit of 3 matters.
    await sql(
      server.db,
      `insert into public.blog_posts (title, slug, content, published_at, created_at) values
         ('Pneus neige', 'pneus-neige', 'Texte', $1, $3),
         ('Climatisation', 'climatisation', 'Texte', $2, $4)`,
      [
        new Date(now - 5 * DAY).toISOString(),
        new Date(now - 7 * DAY).toISOString(),
        new Date(now - 20 * DAY).toISOString(),
        new Date(now - 21 * DAY).toISOString(),
      ],
    );
  });

  const slugs = (rows: { slug: string }[] | null) => (rows ?? []).map((r) => r.slug);
  const postBySlug = async (slug: string) =>
    (
      await sql<Post>(
        server.db,
        'select id::text as id, slug, title, published_at::text as published_at, views from public.blog_posts where slug = $1',
        [slug],
      )
    )[0];

  describe('Content', () => {
    it('home page: a visitor reads every site_content row but the reply templates', async () => {
      await sql(server.db, 'delete from public.site_content');
      await seedDefaultContent(server.db);
      const { data, error } = await c.visitor.from('site_content').select('*');
      expect(error).toBeNull();
      // The owner's reply templates are for administrators (docs/decisions/079-replies-from-templates.md).
      const shown = Object.keys(DEFAULT_CONTENT).filter((type) => type !== 'replies');
      expect(data!.map((r) => r.type).sort()).toEqual(shown.sort());
      for (const row of data!)
        expect(Object.keys(row).sort()).toEqual(['content', 'type', 'updated_at']);
      const pricing = data!.find((r) => r.type === 'pricing');
      expect(pricing.content).toEqual(DEFAULT_CONTENT.pricing);
    });

    it('admin save: upsert {type, content} replaces a section and creates a missing one', async () => {
      const alert = {
        active: true,
        message: 'Atelier fermé samedi',
        type: 'warning',
        permanent: false,
      };
      const modal = { active: true, title: 'Congés', message: 'Fermé du 1er au 15 août' };
      const updated = await c.admin.from('site_content').upsert({ type: 'alert', content: alert });
      expect(updated.error).toBeNull();
      const created = await c.admin.from('site_content').upsert({ type: 'modal', content: modal });
      expect(created.error).toBeNull();

      const { data } = await c.visitor
        .from('site_content')
        .select('*')
        .in('type', ['alert', 'modal'])
        .order('type');
      expect(data!.map(({ type, content }) => ({ type, content }))).toEqual([
        { type: 'alert', content: alert },
        { type: 'modal', content: modal },
      ]);
    });
  });

  describe('Blog', () => {
    const publicList = (client: Clients['visitor'], limit?: number) => {
      const query = client
        .from('blog_posts')
        .select('*')
        .not('published_at', 'is', null)
        .lte('published_at', new Date().toISOString())
        .order('published_at', { ascending: false });
      return limit === undefined ? query : query.limit(limit);
    };

    it('home preview: the 3 latest published posts, newest first, with every column', async () => {
      const { data, error } = await publicList(c.visitor, 3);
      expect(error).toBeNull();
      expect(slugs(data)).toEqual(['freins-hiver', 'vidange-ete', 'pneus-neige']);
      for (const row of data!) expect(Object.keys(row).sort()).toEqual(POST_COLUMNS);
      expect(data![0]).toMatchObject({
        id: ids['freins-hiver'],
        title: 'Vos freins en hiver',
        excerpt: 'Résumé : Vos freins en hiver',
        image_url: null,
        scheduled_at: null,
        views: 0,
      });
      expect(new Date(data![0].published_at).getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('home preview: an administrator gets the same three (the filter, not only RLS, hides the rest)', async () => {
      const { data, error } = await publicList(c.admin, 3);
      expect(error).toBeNull();
      expect(slugs(data)).toEqual(['freins-hiver', 'vidange-ete', 'pneus-neige']);
    });

    it('public list: every published post dated in the past, newest first', async () => {
      const { data, error } = await publicList(c.visitor);
      expect(error).toBeNull();
      expect(slugs(data)).toEqual(['freins-hiver', 'vidange-ete', 'pneus-neige', 'climatisation']);
    });

    it('admin list: every post, all fields, newest created first', async () => {
      const { data, error } = await c.admin
        .from('blog_posts')
        .select('*')
        .order('created_at', { ascending: false });
      expect(error).toBeNull();
      expect(slugs(data)).toEqual([
        'article-futur',
        'controle-technique',
        'brouillon-pneus',
        'freins-hiver',
        'vidange-ete',
        'pneus-neige',
        'climatisation',
      ]);
      const scheduled = data!.find((p) => p.slug === 'controle-technique');
      expect(scheduled).toMatchObject({ published_at: null, scheduled_at: expect.any(String) });
    });

    it('save a new post: upsert without id creates it, with a unique slug', async () => {
      const scheduledAt = new Date(Date.now() + 2 * DAY).toISOString();
      const payload = {
        title: 'Vos freins en hiver',
        content: '## Les plaquettes\n\nÀ vérifier avant l’hiver.',
        excerpt: 'Deuxième article sur les freins',
        image_url: 'https://images.example.test/freins.jpg',
        published_at: null,
        scheduled_at: scheduledAt,
        slug: 'freins-hiver',
        updated_at: new Date().toISOString(),
      };
      const { data, error } = await c.admin.from('blog_posts').upsert(payload).select().single();
      expect(error).toBeNull();
      expect(data).toMatchObject({
        title: payload.title,
        content: payload.content,
        excerpt: payload.excerpt,
        image_url: payload.image_url,
        published_at: null,
        slug: 'freins-hiver-2',
        views: 0,
      });
      expect(new Date(data!.scheduled_at).toISOString()).toBe(scheduledAt);
      expect(await postBySlug('freins-hiver')).toMatchObject({
        id: ids['freins-hiver'],
        title: 'Vos freins en hiver',
      });
    });

    it('save a new post with no slug: it is made from the title, accents folded', async () => {
      const { error } = await c.admin.from('blog_posts').upsert({
        title: 'Révision : été 2026 !',
        content: 'Texte',
        excerpt: null,
        image_url: null,
        published_at: new Date().toISOString(),
        scheduled_at: null,
        slug: '',
        updated_at: new Date().toISOString(),
      });
      expect(error).toBeNull();
      expect(await postBySlug('revision-ete-2026')).toMatchObject({
        title: 'Révision : été 2026 !',
      });
    });

    it('save an edited post: upsert with its id changes it in place and keeps its slug', async () => {
      const id = ids['brouillon-pneus']!;
      const { error } = await c.admin.from('blog_posts').upsert({
        id,
        title: 'Les pneus, relu',
        content: 'Texte relu',
        excerpt: 'Résumé relu',
        image_url: null,
        published_at: null,
        scheduled_at: null,
        slug: 'brouillon-pneus',
        updated_at: new Date().toISOString(),
      });
      expect(error).toBeNull();
      expect(await postBySlug('brouillon-pneus')).toMatchObject({
        id,
        title: 'Les pneus, relu',
        published_at: null,
      });
      expect(await sql(server.db, 'select count(*)::int as n from public.blog_posts')).toEqual([
        { n: 7 },
      ]);
    });

    it('delete: removes the post with that id only', async () => {
      const { error } = await c.admin.from('blog_posts').delete().eq('id', ids['vidange-ete']!);
      expect(error).toBeNull();
      expect(await postBySlug('vidange-ete')).toBeUndefined();
      expect(await sql(server.db, 'select count(*)::int as n from public.blog_posts')).toEqual([
        { n: 6 },
      ]);
    });

    it('publish now: sets published_at, and visitors then see the post first', async () => {
      const now = new Date().toISOString();
      const { error } = await c.admin
        .from('blog_posts')
        .update({ published_at: now })
        .eq('id', ids['brouillon-pneus']!);
      expect(error).toBeNull();
      const { data } = await publicList(c.visitor);
      expect(slugs(data)[0]).toBe('brouillon-pneus');
      expect(new Date(data![0].published_at).toISOString()).toBe(now);
    });

    it('article page: one post by its slug, all columns', async () => {
      const { data, error, status } = await c.visitor
        .from('blog_posts')
        .select('*')
        .eq('slug', 'vidange-ete')
        .single();
      expect({ status, error }).toEqual({ status: 200, error: null });
      expect(Object.keys(data!).sort()).toEqual(POST_COLUMNS);
      expect(data).toMatchObject({
        id: ids['vidange-ete'],
        slug: 'vidange-ete',
        title: 'La vidange avant l’été',
      });
    });

    it('article page: a draft, scheduled or future slug is not found for a visitor (406 PGRST116)', async () => {
      for (const slug of ['brouillon-pneus', 'controle-technique', 'article-futur', 'inconnu']) {
        const { data, error, status } = await c.visitor
          .from('blog_posts')
          .select('*')
          .eq('slug', slug)
          .single();
        expect({ slug, data, status, code: error?.code }).toEqual({
          slug,
          data: null,
          status: 406,
          code: 'PGRST116',
        });
      }
    });

    it('increment_views: each call counts one view of a published post; others are ignored', async () => {
      const updatedAt = () =>
        sql<{ at: string }>(
          server.db,
          "select updated_at::text as at from public.blog_posts where slug = 'freins-hiver'",
        );
      const before = await updatedAt();
      for (let i = 0; i < 2; i++) {
        const { error } = await c.visitor.rpc('increment_views', { post_slug: 'freins-hiver' });
        expect(error).toBeNull();
      }
      const draft = await c.visitor.rpc('increment_views', { post_slug: 'brouillon-pneus' });
      expect(draft.error).toBeNull();
      expect((await postBySlug('freins-hiver'))!.views).toBe(2);
      expect((await postBySlug('brouillon-pneus'))!.views).toBe(0);
      // A view is not an edit: the article's updated_at does not move.
      expect(await updatedAt()).toEqual(before);
    });
  });

  describe('Visits and Statistics', () => {
    // Near Paris midnight, "today" could change between the call and the check.
    beforeEach(awayFromParisMidnight, 120_000);

    it('recordVisit {page: "home"} stores one visit, which the daily statistics count today', async () => {
      const { error } = await c.visitor.functions.invoke('recordVisit', { body: { page: 'home' } });
      expect(error).toBeNull();
      const visits = await sql<{ page: string }>(server.db, 'select page from public.visits');
      expect(visits).toEqual([{ page: 'home' }]);

      const { data, error: statsError } = await c.admin.rpc('get_daily_stats');
      expect(statsError).toBeNull();
      const today = parisBuckets('day', 1)[0]!.label;
      expect(data[0]).toEqual({ period: today, visits: expect.anything() });
      expect(Number(data[0].visits)).toBe(1);
    });

    it.each([
      ['get_daily_stats', 'day', 30],
      ['get_weekly_stats', 'week', 12],
      ['get_monthly_stats', 'month', 12],
      ['get_yearly_stats', 'year', 5],
    ] as const)('%s: rows of period and visits, newest first', async (fn, unit, count) => {
      const { data, error } = await c.admin.rpc(fn);
      expect(error).toBeNull();
      expect(
        (data as { period: string; visits: unknown }[]).map((r) => [r.period, Number(r.visits)]),
      ).toEqual(parisBuckets(unit, count).map((b) => [b.label, 0]));
    });
  });
});
