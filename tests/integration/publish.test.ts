import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishDuePosts } from '../../server/server.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { sql } from '../helpers/fixtures.ts';

// Scheduled posts (docs/decisions/011-scheduled-posts.md): the server's timer runs publishDuePosts,
// which gives a due post its scheduled date as publication date; visitors then see it, and only
// then.

interface PostState {
  slug: string;
  published_at: string | null;
  scheduled_at: string | null;
}

describe('publishing scheduled posts', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    // The server publishes once at start; let that run on the empty blog before arranging posts.
    await publishDuePosts(server.db);
    await sql(
      server.db,
      `insert into public.blog_posts (title, slug, content, published_at, scheduled_at) values
         ('Dû depuis une heure', 'du-depuis-une-heure', 'Texte', null, now() - interval '1 hour'),
         ('Dû depuis hier', 'du-depuis-hier', 'Texte', null, now() - interval '1 day'),
         ('Prévu demain', 'prevu-demain', 'Texte', null, now() + interval '1 day'),
         ('Brouillon', 'brouillon', 'Texte', null, null),
         ('Déjà publié', 'deja-publie', 'Texte', now() - interval '2 days', now() - interval '3 days')`,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const state = () =>
    sql<PostState>(
      server.db,
      `select slug, published_at::text as published_at, scheduled_at::text as scheduled_at
         from public.blog_posts order by slug`,
    );
  const visibleSlugs = async () => {
    const { data, error } = await server
      .anonClient()
      .from('blog_posts')
      .select('slug')
      .order('slug');
    expect(error).toBeNull();
    return data!.map((p) => p.slug);
  };

  it('visitors do not see due posts before they are published', async () => {
    expect(await visibleSlugs()).toEqual(['deja-publie']);
  });

  it('publishes exactly the due posts, dated at their scheduled time', async () => {
    const before = await state();
    expect(await publishDuePosts(server.db)).toBe(2);
    const after = await state();
    const bySlug = new Map(before.map((p) => [p.slug, p]));
    const publishedAtScheduled = ['du-depuis-hier', 'du-depuis-une-heure'];
    expect(after).toEqual(
      before.map((p) =>
        publishedAtScheduled.includes(p.slug)
          ? { ...p, published_at: bySlug.get(p.slug)!.scheduled_at }
          : p,
      ),
    );
  });

  it('leaves future, draft and already published posts alone, and publishing again does nothing', async () => {
    const before = await state();
    expect(await publishDuePosts(server.db)).toBe(0);
    expect(await state()).toEqual(before);
    const untouched = before.filter((p) => ['prevu-demain', 'brouillon'].includes(p.slug));
    expect(untouched.map((p) => p.published_at)).toEqual([null, null]);
  });

  it('visitors then see the published posts, and not the future one', async () => {
    expect(await visibleSlugs()).toEqual(['deja-publie', 'du-depuis-hier', 'du-depuis-une-heure']);
  });

  it('visitors see them in the public list order (publication date, newest first)', async () => {
    const { data, error } = await server
      .anonClient()
      .from('blog_posts')
      .select('slug')
      .not('published_at', 'is', null)
      .lte('published_at', new Date().toISOString())
      .order('published_at', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'du-depuis-une-heure' },
      { slug: 'du-depuis-hier' },
      { slug: 'deja-publie' },
    ]);
  });
});
