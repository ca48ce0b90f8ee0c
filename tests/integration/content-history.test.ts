import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../src/content/defaults.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { fetchPost, savePost } from '../../src/admin/blog/blog-api.ts';
import { formFromPost } from '../../src/admin/blog/blog-post.ts';
import {
  listDeletedPosts,
  listVersions,
  restoreDeletedPost,
} from '../../src/admin/content/history-api.ts';
import { SaveConflictError } from '../../src/admin/content/save-conflict.ts';
import { ADMIN, clientsFor, resetData, sql, type Clients } from '../helpers/fixtures.ts';

// The history of saves (docs/decisions/025-content-history.md) and the conditional saves that
// refuse a stale version (docs/decisions/026-no-silent-overwrite.md), through supabase-js against
// the real server, on embedded PGlite and on a PostgreSQL server.
describe.each([
  ['on PGlite', () => startTestServer()],
  ['on PostgreSQL (TEST_DATABASE_URL)', startPostgresTestServer],
])('content history %s', (_name, start) => {
  let server: TestServer;
  let clients: Clients;
  let ids: Record<string, string>;

  beforeAll(async () => {
    server = await start();
    clients = await clientsFor(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function history(kind: string, key: string) {
    const { data, error } = await clients.admin
      .from('content_history')
      .select('operation, data, author_email, author_id, saved_at')
      .eq('kind', kind)
      .eq('item_key', key)
      .order('id', { ascending: false });
    expect(error).toBeNull();
    return data!;
  }

  async function heroRow() {
    const { data } = await clients.admin
      .from('site_content')
      .select('content, updated_at')
      .eq('type', 'hero')
      .single();
    return data as { content: typeof DEFAULT_CONTENT.hero; updated_at: string };
  }

  it('keeps the version a save replaces, with who saved and when it had been saved', async () => {
    ids = await resetData(server.db);
    const before = await heroRow();
    const { error } = await clients.admin
      .from('site_content')
      .update({ content: { ...before.content, heading: 'Nouveau titre' } })
      .eq('type', 'hero');
    expect(error).toBeNull();
    const rows = await history('content', 'hero');
    expect(rows).toEqual([
      {
        operation: 'update',
        data: before.content,
        author_email: ADMIN.email,
        author_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        saved_at: expect.any(String),
      },
    ]);
    expect(new Date(rows[0]!.saved_at as string).getTime()).toBe(
      new Date(before.updated_at).getTime(),
    );
  });

  it('does not count saving the same content again as a version', async () => {
    ids = await resetData(server.db);
    const before = await heroRow();
    await clients.admin.from('site_content').update({ content: before.content }).eq('type', 'hero');
    expect(await history('content', 'hero')).toEqual([]);
  });

  it('keeps the last 50 versions of an item', async () => {
    ids = await resetData(server.db);
    const { content } = await heroRow();
    for (let i = 1; i <= 55; i++) {
      await sql(server.db, "update public.site_content set content = $1 where type = 'hero'", [
        { ...content, heading: `Titre ${i}` },
      ]);
    }
    const rows = await history('content', 'hero');
    expect(rows).toHaveLength(50);
    // The newest replaced version is the 54th title; the oldest kept, the 5th.
    expect(rows[0]!.data).toMatchObject({ heading: 'Titre 54' });
    expect(rows[49]!.data).toMatchObject({ heading: 'Titre 5' });
  });

  it('keeps a deleted post whole, and not its view counts', async () => {
    ids = await resetData(server.db);
    const id = ids['vidange-ete']!;
    await clients.visitor.rpc('increment_views', { post_slug: 'vidange-ete' });
    expect(await history('post', id)).toEqual([]);
    const { error } = await clients.admin.from('blog_posts').delete().eq('id', id);
    expect(error).toBeNull();
    const rows = await history('post', id);
    expect(rows).toEqual([
      expect.objectContaining({
        operation: 'delete',
        author_email: ADMIN.email,
        data: expect.objectContaining({ id, slug: 'vidange-ete', title: expect.any(String) }),
      }),
    ]);
  });

  it('refuses a save based on a version saved over meanwhile', async () => {
    ids = await resetData(server.db);
    const base = await heroRow();
    const first = await clients.admin
      .from('site_content')
      .update({ content: { ...base.content, heading: 'Onglet A' } })
      .eq('type', 'hero')
      .eq('updated_at', base.updated_at)
      .select('updated_at');
    expect(first.error).toBeNull();
    expect(first.data).toHaveLength(1);
    const second = await clients.admin
      .from('site_content')
      .update({ content: { ...base.content, heading: 'Onglet B' } })
      .eq('type', 'hero')
      .eq('updated_at', base.updated_at)
      .select('updated_at');
    expect(second).toMatchObject({ error: null, data: [] });
    expect((await heroRow()).content.heading).toBe('Onglet A');
  });

  it('refuses to save a post over a newer version, or to recreate a deleted one silently', async () => {
    ids = await resetData(server.db);
    // The fixtures' posts have no cover, which a save requires.
    await sql(server.db, "update public.blog_posts set image_url = '/images/a.jpg'");
    await sql(server.db, 'delete from public.content_history');
    const read = await fetchPost(clients.admin, ids['freins-hiver']!);
    const inTabA = await savePost(
      clients.admin,
      { ...formFromPost(read), title: 'Onglet A' },
      read,
    );
    expect(inTabA.title).toBe('Onglet A');
    const inTabB = { ...formFromPost(read), title: 'Onglet B' };
    await expect(savePost(clients.admin, inTabB, read)).rejects.toEqual(
      new SaveConflictError('changed'),
    );
    // Saving anyway stores B's text; A's is in the history.
    await savePost(clients.admin, inTabB, read, 'overwrite');
    const versions = await listVersions<{ title: string }>(clients.admin, 'post', read.id);
    expect(versions.map((v) => v.data.title)).toEqual(['Onglet A', read.title]);
    expect(versions[0]!.author).toBe(ADMIN.email);

    await clients.admin.from('blog_posts').delete().eq('id', read.id);
    await expect(savePost(clients.admin, inTabB, inTabA)).rejects.toEqual(
      new SaveConflictError('deleted'),
    );
    const { count } = await clients.admin
      .from('blog_posts')
      .select('id', { count: 'exact', head: true })
      .eq('id', read.id);
    expect(count).toBe(0);
  });

  it('lists a deleted post and restores it with its id and address', async () => {
    ids = await resetData(server.db);
    const id = ids['vidange-ete']!;
    await clients.admin.from('blog_posts').delete().eq('id', id);
    const deleted = await listDeletedPosts(clients.admin);
    expect(deleted.map((d) => [d.post.id, d.post.slug, d.deletedBy])).toEqual([
      [id, 'vidange-ete', ADMIN.email],
    ]);
    expect(await restoreDeletedPost(clients.admin, deleted[0]!)).toEqual({ slug: 'vidange-ete' });
    expect((await fetchPost(clients.admin, id)).slug).toBe('vidange-ete');
    expect(await listDeletedPosts(clients.admin)).toEqual([]);
  });
});
