import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { ADMIN } from '../helpers/fixtures.ts';

// The database refuses a blog post the public pages could not show safely, whoever writes it,
// with a French message naming the field: the back-office's checks are not the only lock.

const backends: [string, () => Promise<TestServer>][] = [
  ['PGlite', () => startTestServer()],
  ['PostgreSQL', () => startPostgresTestServer()],
];

const GOOD = {
  title: 'La vidange',
  excerpt: 'Pourquoi et quand.',
  content: 'Tous les 15 000 km.',
  image_url: 'https://images.example/vidange.jpg',
};

describe.each(backends)('the blog post check (%s)', (_name, start) => {
  let server: TestServer;
  let admin: SupabaseClient;
  beforeAll(async () => {
    server = await start();
    await server.createUser(ADMIN.email, ADMIN.password, true);
    admin = await server.signedInClient(ADMIN.email, ADMIN.password);
  });
  afterAll(() => server?.close());

  const refusal = async (post: Record<string, unknown>) => {
    const { error } = await admin.from('blog_posts').insert({ ...GOOD, ...post });
    return error;
  };

  it.each([
    [{ title: '   ' }, '« Titre » est obligatoire'],
    [{ excerpt: '\n\t ' }, '« Résumé » est obligatoire'],
    [{ content: '' }, '« Contenu » est obligatoire'],
    [{ title: 'x'.repeat(201) }, '« Titre » doit contenir au plus 200 caractères'],
    [{ image_url: 'javascript:alert(1)' }, '« Image de couverture »'],
    [{ image_url: 'JAVASCRIPT:alert(1)' }, '« Image de couverture »'],
    [{ image_url: 'data:image/svg+xml,<svg onload=alert(1)>' }, '« Image de couverture »'],
    [{ image_url: '//autre-site.example/x.jpg' }, '« Image de couverture »'],
    [{ image_url: 'images/relative.jpg' }, '« Image de couverture »'],
    [{ image_url: 'https://exemple.fr/a b.jpg' }, '« Image de couverture »'],
  ])('refuses %j, naming the field', async (post, words) => {
    const error = await refusal(post);
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('Article refusé');
    expect(error?.message).toContain(words);
  });

  it.each([
    [{}],
    [{ image_url: 'http://garage.example/photo.jpg' }],
    [{ image_url: '/images/service-entretien.svg' }],
    [{ image_url: null }],
    [{ excerpt: null }],
  ])('accepts %j', async (post) => {
    expect(await refusal({ ...post, slug: undefined })).toBeNull();
  });

  it('refuses an edit that would blank a stored post, and keeps the post as it was', async () => {
    const { data } = await admin
      .from('blog_posts')
      .insert({ ...GOOD, title: 'Les freins' })
      .select('id')
      .single();
    const id = (data as { id: string }).id;
    const { error } = await admin.from('blog_posts').update({ content: '  ' }).eq('id', id);
    expect(error?.message).toContain('« Contenu » est obligatoire');
    const { data: kept } = await admin.from('blog_posts').select('content').eq('id', id).single();
    expect(kept).toEqual({ content: GOOD.content });
  });

  it('publishes a due post stored before a rule existed, and refuses its next edit', async () => {
    // A row the check would refuse today (an ideographic space is no title), stored as if before.
    await server.db.transaction((tx) =>
      tx.exec(
        `alter table public.blog_posts disable trigger blog_posts_check;
         insert into public.blog_posts (title, slug, content, scheduled_at)
           values (E'\\u3000', 'ancien', 'Texte', now() - interval '1 minute');
         alter table public.blog_posts enable trigger blog_posts_check;`,
      ),
    );
    const service = server.serviceClient();
    const { data: published, error } = await service.rpc('publish_due_posts');
    expect(error).toBeNull();
    expect(published).toBeGreaterThanOrEqual(1);
    const { error: edit } = await admin
      .from('blog_posts')
      .update({ content: 'Texte revu' })
      .eq('slug', 'ancien');
    expect(edit?.message).toBe('Article refusé : « Titre » est obligatoire.');
  });
});
