import type { SupabaseClient } from '@supabase/supabase-js';
import { MEDIA_BUCKET } from '../../content/media.ts';
import { findUsages, type ContentRow, type MediaPlace, type PostCover } from './media-usage.ts';

/** Photos per page of the library. */
export const MEDIA_PAGE_SIZE = 24;

/** The longest alternative text the media_texts table accepts. */
export const ALT_MAX_LENGTH = 250;

export const MEDIA_MESSAGES = {
  loadFailed: 'Erreur lors du chargement des photos : vérifiez votre connexion, puis réessayez.',
  empty: 'Aucune photo pour l’instant : téléversez-en depuis un éditeur ou ci-dessus.',
  noMatch: 'Aucune photo ne correspond à cette recherche.',
  usageFailed: 'Impossible de savoir où cette photo est utilisée pour l’instant.',
  deleted: 'Photo supprimée avec succès',
  deleteFailed: 'Erreur lors de la suppression de la photo',
  kept: 'La photo n’a pas été supprimée : elle est encore utilisée sur le site, ou a déjà été retirée. Rechargez la page pour voir où.',
  uploaded: 'Photo ajoutée à la médiathèque',
  altSaved: 'Description de la photo enregistrée avec succès',
  altFailed: "Erreur lors de l'enregistrement de la description de la photo",
} as const;

/** One photo of the library, with what the page shows of it. */
export interface MediaItem {
  name: string;
  publicUrl: string;
  /** Bytes, when the server gave them. */
  size: number | null;
  createdAt: string | null;
  alt: string;
  /** Where it is used; null when that could not be read. */
  usages: MediaPlace[] | null;
}

export interface MediaPage {
  items: MediaItem[];
  page: number;
  hasMore: boolean;
}

/**
 * One page of the library, newest first, with each photo's alternative text and where it is used.
 * Every query is bounded by the page: the bucket's list (one more than a page, to know whether
 * another follows), the texts and covers of these names only, and site_content, a few small
 * records (docs/decisions/024-media-library.md).
 */
export async function listMedia(
  client: SupabaseClient,
  page: number,
  search: string,
): Promise<MediaPage> {
  const bucket = client.storage.from(MEDIA_BUCKET);
  const { data, error } = await bucket.list('', {
    limit: MEDIA_PAGE_SIZE + 1,
    offset: (page - 1) * MEDIA_PAGE_SIZE,
    sortBy: { column: 'created_at', order: 'desc' },
    search: search.trim(),
  });
  if (error) throw error;
  // Folders come back with no id; the bucket's names never have one.
  const objects = (data ?? []).filter((object) => object.id !== null);
  const shown = objects.slice(0, MEDIA_PAGE_SIZE);
  const names = shown.map((object) => object.name);
  const addresses = names.map((name) => bucket.getPublicUrl(name).data.publicUrl);
  const [alts, usages] = await Promise.all([
    readAlts(client, names),
    readUsages(client, names).catch((failure: unknown) => {
      console.error(MEDIA_MESSAGES.usageFailed, failure);
      return null;
    }),
  ]);
  const items = shown.map((object, index) => {
    const size = Number((object.metadata as { size?: unknown } | null)?.size);
    return {
      name: object.name,
      publicUrl: addresses[index]!,
      size: Number.isFinite(size) ? size : null,
      createdAt: object.created_at ?? null,
      alt: alts.get(object.name) ?? '',
      usages: usages?.get(object.name) ?? null,
    };
  });
  return { items, page, hasMore: objects.length > MEDIA_PAGE_SIZE };
}

async function readAlts(client: SupabaseClient, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const { data, error } = await client.from('media_texts').select('name,alt').in('name', names);
  if (error) throw error;
  return new Map((data ?? []).map((row: { name: string; alt: string }) => [row.name, row.alt]));
}

/**
 * Where these photos are used: site_content read whole (a few small records), and the blog covers
 * that end with one of these names only. Names are generated (a UUID and an extension), so they
 * hold nothing a filter could misread.
 */
export async function readUsages(
  client: SupabaseClient,
  names: string[],
): Promise<Map<string, MediaPlace[]>> {
  if (names.length === 0) return new Map();
  const covers = names.map((name) => `image_url.like.*/${MEDIA_BUCKET}/${name}`).join(',');
  const [content, posts] = await Promise.all([
    client.from('site_content').select('type,content'),
    client.from('blog_posts').select('id,title,image_url').or(covers),
  ]);
  if (content.error) throw content.error;
  if (posts.error) throw posts.error;
  return findUsages(names, (content.data ?? []) as ContentRow[], (posts.data ?? []) as PostCover[]);
}

/** The database kept a photo: it is shown somewhere the library could not see, or is gone. */
export class MediaKeptError extends Error {}

/**
 * Removes a photo and its alternative text. The bucket's policy keeps a photo still in use
 * (docs/decisions/024-media-library.md): the removal then answers no object, and this throws
 * MediaKeptError.
 */
export async function deleteMedia(client: SupabaseClient, name: string): Promise<void> {
  const { data, error } = await client.storage.from(MEDIA_BUCKET).remove([name]);
  if (error) throw error;
  if (!data || data.length === 0) throw new MediaKeptError(`Photo ${name} not removed`);
  const text = await client.from('media_texts').delete().eq('name', name);
  if (text.error) throw text.error;
}

/** Stores a photo's alternative text; an empty one is removed. */
export async function saveAlt(client: SupabaseClient, name: string, alt: string): Promise<void> {
  const text = alt.trim();
  const { error } = text
    ? await client.from('media_texts').upsert({ name, alt: text })
    : await client.from('media_texts').delete().eq('name', name);
  if (error) throw error;
}

/** 123456 → '121 Ko', 2 500 000 → '2,4 Mo' (French number format). */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) {
    return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')} Ko`;
  }
  return `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
}
