import type { SupabaseClient } from '@supabase/supabase-js';
import type { BlogPost, BlogPostForm, PostFilter, PostSummary } from './blog-post.ts';
import { slugify } from './slug.ts';
import { SaveConflictError } from '../content/save-conflict.ts';

/** An action attempted without a backend aborts with this short message. */
export const NOT_CONFIGURED = 'Supabase non configuré';

export const BLOG_MESSAGES = {
  saved: 'Article enregistré avec succès',
  deleted: 'Article supprimé avec succès',
  published: 'Article publié avec succès !',
  saveFailed: "Erreur lors de l'enregistrement de l'article",
  deleteFailed: "Erreur lors de la suppression de l'article",
  publishFailed: "Erreur lors de la publication de l'article",
  loadFailed: 'Erreur lors du chargement des articles',
  postLoadFailed: "Erreur lors du chargement de l'article",
  confirmDelete: 'Êtes-vous sûr de vouloir supprimer cet article ?',
  empty: 'Aucun article trouvé pour ce filtre',
} as const;

function required(client: SupabaseClient | null): SupabaseClient {
  if (!client) throw new Error(NOT_CONFIGURED);
  return client;
}

/** Posts per page of the admin list. */
export const ADMIN_PAGE_SIZE = 50;

/**
 * What the list shows of a post (its title, status, address and views) and the id its buttons
 * need.
 */
const SUMMARY_COLUMNS = 'id, title, slug, published_at, scheduled_at, views';

/** One page of the list, the number of posts the filter matches, and which page it is. */
export interface PostListPage {
  posts: PostSummary[];
  total: number;
  page: number;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
}

/** PostgREST's answer to an offset past the last row. */
function isPastTheEnd(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && error.code === 'PGRST103'
  );
}

function filtered(client: SupabaseClient, filter: PostFilter, columns: string, head = false) {
  const query = client.from('blog_posts').select(columns, { count: 'exact', head });
  // 'Brouillons uniquement' is every post not published, scheduled too
  // (docs/decisions/019-blog-filter.md).
  if (filter === 'published') return query.not('published_at', 'is', null);
  if (filter === 'draft') return query.is('published_at', null);
  return query;
}

/**
 * The admin list, newest created first, a page at a time: the posts the filter matches
 * and their number, read by the database. A page that no longer exists (posts removed meanwhile)
 * gives the last one.
 */
export async function listPosts(
  client: SupabaseClient | null,
  filter: PostFilter,
  page: number,
): Promise<PostListPage> {
  const db = required(client);
  const from = (page - 1) * ADMIN_PAGE_SIZE;
  const { data, error, count } = await filtered(db, filter, SUMMARY_COLUMNS)
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + ADMIN_PAGE_SIZE - 1);
  if (isPastTheEnd(error) && page > 1) {
    const total = await filtered(db, filter, 'id', true);
    if (total.error) throw total.error;
    return listPosts(client, filter, Math.min(page - 1, pageCount(total.count ?? 0)));
  }
  if (error) throw error;
  return { posts: (data ?? []) as unknown as PostSummary[], total: count ?? 0, page };
}

/** One post, all its columns, as the edit form needs it (the list does not read the content). */
export async function fetchPost(client: SupabaseClient | null, id: string): Promise<BlogPost> {
  const { data, error } = await required(client)
    .from('blog_posts')
    .select('*')
    .eq('id', id)
    .single();
  if (error) throw error;
  return data as BlogPost;
}

/**
 * The post's upsert. A new post's slug is built from its title (the database makes it unique
 * with -2, -3…); an edited post keeps its slug (docs/decisions/012-slugs.md). An empty
 * publication date is null: the post is a draft, or scheduled when scheduled_at is set.
 */
export function postRow(form: BlogPostForm, editing: BlogPost | null, now: Date = new Date()) {
  return {
    ...(editing ? { id: editing.id } : {}),
    title: form.title,
    content: form.content,
    excerpt: form.excerpt,
    image_url: form.image_url,
    published_at: form.published_at ? new Date(form.published_at).toISOString() : null,
    scheduled_at: form.scheduled_at ? new Date(form.scheduled_at).toISOString() : null,
    slug: editing ? editing.slug : slugify(form.title),
    updated_at: now.toISOString(),
  };
}

/**
 * How a post is saved (docs/decisions/026-no-silent-overwrite.md): 'based' (the default) refuses
 * with a SaveConflictError a post saved or deleted elsewhere since it was read; 'overwrite' saves
 * over a newer version; 'recreate' puts a post deleted meanwhile back, with its id and address.
 */
export type SaveMode = 'based' | 'overwrite' | 'recreate';

/**
 * Stores a post and returns it as stored. A new post is inserted; an edited one is updated only
 * where it still is the version read (its updated_at), and never recreated without being asked.
 */
export async function savePost(
  client: SupabaseClient | null,
  form: BlogPostForm,
  editing: BlogPost | null,
  mode: SaveMode = 'based',
): Promise<BlogPost> {
  const db = required(client);
  const row = postRow(form, editing);
  if (!editing || mode === 'recreate') {
    const { data, error } = await db.from('blog_posts').insert(row).select('*').single();
    if (error) throw error;
    return data as BlogPost;
  }
  const { id, ...changes } = row;
  let update = db.from('blog_posts').update(changes).eq('id', id!);
  if (mode === 'based') update = update.eq('updated_at', editing.updated_at);
  const { data, error } = await update.select('*');
  if (error) throw error;
  const saved = (data ?? []) as BlogPost[];
  if (saved.length > 0) return saved[0]!;
  const still = await db.from('blog_posts').select('id').eq('id', editing.id).maybeSingle();
  if (still.error) throw still.error;
  throw new SaveConflictError(still.data ? 'changed' : 'deleted');
}

/**
 * A change that reached no row: the post is gone, or the database no longer lets this session
 * change it (its rights were withdrawn). Never reported as done.
 */
function noRowChanged(): Error {
  return Object.assign(new Error('Article introuvable'), { code: 'PGRST116' });
}

export async function deletePost(client: SupabaseClient | null, id: string): Promise<void> {
  const { data, error } = await required(client)
    .from('blog_posts')
    .delete()
    .eq('id', id)
    .select('id');
  if (error) throw error;
  if (!data?.length) throw noRowChanged();
}

/** 'Publier maintenant': published_at is now. */
export async function publishNow(client: SupabaseClient | null, id: string): Promise<void> {
  const { data, error } = await required(client)
    .from('blog_posts')
    .update({ published_at: new Date().toISOString() })
    .eq('id', id)
    .select('id');
  if (error) throw error;
  if (!data?.length) throw noRowChanged();
}
