import type { SupabaseClient } from '@supabase/supabase-js';
import type { BlogPost, BlogPostForm } from './blog-post.ts';
import { slugify } from './slug.ts';

/** Spec §8: an action attempted without a backend aborts with this short message. */
export const NOT_CONFIGURED = 'Supabase non configuré';

export const BLOG_MESSAGES = {
  saved: 'Article enregistré avec succès',
  deleted: 'Article supprimé avec succès',
  published: 'Article publié avec succès !',
  saveFailed: "Erreur lors de l'enregistrement de l'article",
  deleteFailed: "Erreur lors de la suppression de l'article",
  publishFailed: "Erreur lors de la publication de l'article",
  loadFailed: 'Erreur lors du chargement des articles',
  confirmDelete: 'Êtes-vous sûr de vouloir supprimer cet article ?',
  empty: 'Aucun article trouvé pour ce filtre',
} as const;

function required(client: SupabaseClient | null): SupabaseClient {
  if (!client) throw new Error(NOT_CONFIGURED);
  return client;
}

/** Spec §7: every post, all fields, newest created first. */
export async function listPosts(client: SupabaseClient | null): Promise<BlogPost[]> {
  const { data, error } = await required(client)
    .from('blog_posts')
    .select('*')
    .order('created_at', { ascending: false });
  if (error) throw error;
  return (data ?? []) as BlogPost[];
}

/**
 * The upsert of spec §7. A new post's slug is built from its title (the database makes it unique
 * with -2, -3…); an edited post keeps its slug (DESIGN.md decision 5). An empty publication date
 * is null: the post is a draft, or scheduled when scheduled_at is set.
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

export async function savePost(
  client: SupabaseClient | null,
  form: BlogPostForm,
  editing: BlogPost | null,
): Promise<void> {
  const { error } = await required(client).from('blog_posts').upsert(postRow(form, editing));
  if (error) throw error;
}

export async function deletePost(client: SupabaseClient | null, id: string): Promise<void> {
  const { error } = await required(client).from('blog_posts').delete().eq('id', id);
  if (error) throw error;
}

/** 'Publier maintenant': published_at is now (spec §4). */
export async function publishNow(client: SupabaseClient | null, id: string): Promise<void> {
  const { error } = await required(client)
    .from('blog_posts')
    .update({ published_at: new Date().toISOString() })
    .eq('id', id);
  if (error) throw error;
}
