import type { QueryKey } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { contentKeys } from '../../content/api.ts';
import { MISSING_CONFIG_MESSAGE } from '../../lib/supabase-config.ts';
import { blogPostKeys } from '../../site/blog/api/keys.ts';

/** The history's items: a content type (keyed by its type) or a blog post (keyed by its id). */
export type HistoryKind = 'content' | 'post';

/** How many versions the database keeps per item (docs/decisions/025-content-history.md). */
export const KEPT_VERSIONS = 50;
/** How long a deleted post can be restored, at least. */
export const DELETED_DAYS = 30;

/**
 * The history's query keys, under the keys of what they are the history of: a save of the content
 * (contentKeys.all) or of a post (blogPostKeys.all) invalidates them with it
 * (docs/decisions/084-react-query-in-the-back-office.md).
 */
export const historyKeys = {
  versions: (kind: HistoryKind, key: string) =>
    [...(kind === 'content' ? contentKeys.all : blogPostKeys.all), 'history', key] as const,
  deletedPosts: [...blogPostKeys.all, 'deleted'] as const,
};

/** One earlier version of an item, as the history lists it. */
export interface Version<T = unknown> {
  id: number;
  data: T;
  /** When this version had been saved (null if unknown). */
  savedAt: string | null;
  /**
   * Who saved it: the e-mail of the administrator, null when no administrator did (a scheduled
   * publication, the server), undefined when it is older than the history kept.
   */
  author: string | null | undefined;
}

interface HistoryRow {
  id: number;
  data: unknown;
  saved_at: string | null;
  author_email: string | null;
  author_id: string | null;
  operation: 'update' | 'delete';
  created_at: string;
}

function required(client: SupabaseClient | null): SupabaseClient {
  if (!client) throw new Error(MISSING_CONFIG_MESSAGE);
  return client;
}

const WHO = (row: HistoryRow) => (row.author_id ? (row.author_email ?? 'un administrateur') : null);

/**
 * An item's earlier versions, newest first. Each row holds the version a save replaced and who
 * made that save: the author of a version is the one who replaced the version before it.
 */
export async function listVersions<T = unknown>(
  client: SupabaseClient | null,
  kind: HistoryKind,
  key: string,
): Promise<Version<T>[]> {
  const { data, error } = await required(client)
    .from('content_history')
    .select('id, data, saved_at, author_email, author_id, operation, created_at')
    .eq('kind', kind)
    .eq('item_key', key)
    .order('id', { ascending: false })
    .limit(KEPT_VERSIONS);
  if (error) throw error;
  const rows = (data ?? []) as HistoryRow[];
  return rows.map((row, i) => {
    const older = rows[i + 1];
    return {
      id: row.id,
      data: row.data as T,
      savedAt: row.saved_at,
      author: older ? WHO(older) : undefined,
    };
  });
}

/** How « Historique » reads an item's versions: its query key and its fetcher. */
export interface VersionsQuery<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<Version<T>[]>;
}

export function versionsQuery<T>(
  client: SupabaseClient | null,
  kind: HistoryKind,
  key: string,
): VersionsQuery<T> {
  return {
    queryKey: historyKeys.versions(kind, key),
    queryFn: () => listVersions<T>(client, kind, key),
  };
}

/** A post deleted in the last days, as the history kept it. */
export interface DeletedPost {
  historyId: number;
  deletedAt: string;
  deletedBy: string | null;
  post: { id: string; title: string; slug: string } & Record<string, unknown>;
}

/** The posts deleted in the last DELETED_DAYS days and not restored since, newest first. */
export async function listDeletedPosts(
  client: SupabaseClient | null,
  now: Date = new Date(),
): Promise<DeletedPost[]> {
  const db = required(client);
  const since = new Date(now.getTime() - DELETED_DAYS * 24 * 3600 * 1000).toISOString();
  const { data, error } = await db
    .from('content_history')
    .select('id, data, saved_at, author_email, author_id, operation, created_at')
    .eq('kind', 'post')
    .eq('operation', 'delete')
    .gte('created_at', since)
    .order('id', { ascending: false })
    .limit(100);
  if (error) throw error;
  const rows = (data ?? []) as HistoryRow[];
  const seen = new Set<string>();
  const latest = rows.filter((row) => {
    const id = (row.data as { id: string }).id;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  if (latest.length === 0) return [];
  const ids = latest.map((row) => (row.data as { id: string }).id);
  const back = await db.from('blog_posts').select('id').in('id', ids);
  if (back.error) throw back.error;
  const restored = new Set(((back.data ?? []) as { id: string }[]).map((p) => p.id));
  return latest
    .filter((row) => !restored.has((row.data as { id: string }).id))
    .map((row) => ({
      historyId: row.id,
      deletedAt: row.created_at,
      deletedBy: WHO(row),
      post: row.data as DeletedPost['post'],
    }));
}

/** The editorial columns a restored post gets back (its views and dates too). */
const RESTORED_COLUMNS = [
  'id',
  'title',
  'slug',
  'content',
  'excerpt',
  'image_url',
  'published_at',
  'scheduled_at',
  'created_at',
  'views',
] as const;

/**
 * Puts a deleted post back, with its id and address. The address may have been taken meanwhile
 * by another post: the database then gives it the next free one (slug-2…), returned here so that
 * the owner is told.
 */
export async function restoreDeletedPost(
  client: SupabaseClient | null,
  deleted: DeletedPost,
): Promise<{ slug: string }> {
  const row = Object.fromEntries(
    RESTORED_COLUMNS.filter((c) => c in deleted.post).map((c) => [c, deleted.post[c]]),
  );
  const { data, error } = await required(client)
    .from('blog_posts')
    .insert(row)
    .select('slug')
    .single();
  if (error) throw error;
  return data as { slug: string };
}
