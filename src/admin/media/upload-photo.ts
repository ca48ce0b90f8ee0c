import type { SupabaseClient } from '@supabase/supabase-js';
import { StorageClient } from '@supabase/storage-js';
import { isMediaType, MEDIA_BUCKET, MEDIA_MAX_BYTES, MEDIA_TYPES } from '../../content/media.ts';
import { progressFetch, type OnProgress } from './xhr-fetch.ts';

/** A photo refused or not sent, with what to do in French. */
export class PhotoUploadError extends Error {}

export const WRONG_FORMAT = 'Format non accepté : envoyez une photo JPEG, PNG, WebP, AVIF ou GIF.';
export const TOO_BIG = 'Photo trop lourde : 15 Mo au maximum.';
const NOT_ALLOWED =
  'Envoi refusé : votre session a peut-être expiré. Reconnectez-vous avec un compte administrateur, puis réessayez.';
const NOT_SENT = "La photo n'a pas été envoyée : vérifiez votre connexion, puis réessayez.";

/**
 * The storage error's status, when supabase-js kept one: storage's own `statusCode` first, since
 * hosted Supabase answers most refusals with HTTP 400 and the real status there
 * (docs/decisions/090-storage-errors-in-english.md).
 */
function statusOf(error: unknown): number | undefined {
  const shape = error as { status?: unknown; statusCode?: unknown } | null;
  const status = shape?.statusCode ?? shape?.status;
  const number = Number(status);
  return Number.isInteger(number) ? number : undefined;
}

/** What the owner reads for a refused upload: never the server's own words. */
export function uploadErrorMessage(error: unknown): string {
  switch (statusOf(error)) {
    case 413:
      return TOO_BIG;
    case 400:
    case 415:
    case 422:
      return WRONG_FORMAT;
    case 401:
    case 403:
      return NOT_ALLOWED;
    default:
      return NOT_SENT;
  }
}

/** Checks a photo before sending it; the server checks its content again. */
export function checkPhoto(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!isMediaType(file.type)) return WRONG_FORMAT;
  if (file.size > MEDIA_MAX_BYTES) return TOO_BIG;
  return undefined;
}

/**
 * Where the client sends storage requests, and its key. supabase-js (2.x) keeps them in
 * `storageUrl` (`new URL('storage/v1', project URL)`) and `supabaseKey`: protected in its types,
 * plain properties at run time. Undefined if a later version stores them otherwise.
 */
function storageTarget(supabase: SupabaseClient): { url: string; key: string } | undefined {
  const { storageUrl, supabaseKey } = supabase as unknown as Record<string, unknown>;
  if (!(storageUrl instanceof URL) || typeof supabaseKey !== 'string') return undefined;
  return { url: storageUrl.href, key: supabaseKey };
}

/**
 * A storage client like the app's, but sending through XMLHttpRequest to report the upload's
 * progress; it sends the headers supabase-js adds: the key, and the signed-in user's token (the
 * key when nobody is signed in). Undefined when the client's storage address cannot be read.
 */
async function progressStorage(
  supabase: SupabaseClient,
  onProgress: OnProgress,
): Promise<StorageClient | undefined> {
  const target = storageTarget(supabase);
  if (!target) return undefined;
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token ?? target.key;
  return new StorageClient(
    target.url,
    { apikey: target.key, Authorization: `Bearer ${token}` },
    progressFetch(onProgress),
  );
}

/**
 * What an image field stores for a photo of the bucket whose public address is `publicUrl`: the
 * site-relative path when the storage is the site's own server (same origin as the page), so that
 * the site may move to its domain or to HTTPS; the absolute address otherwise, as on hosted
 * Supabase, whose storage lives on the project's own, stable origin
 * (docs/decisions/039-photos-stored-by-path.md).
 */
export function storedPhotoAddress(
  publicUrl: string,
  siteOrigin: string | undefined = globalThis.location?.origin,
): string {
  const url = new URL(publicUrl);
  return siteOrigin !== undefined && url.origin === siteOrigin
    ? `${url.pathname}${url.search}`
    : publicUrl;
}

/**
 * Sends a photo to the media bucket under a generated name (the bucket refuses any other) and
 * returns the address an image field stores (storedPhotoAddress). With `onProgress`, it is told
 * the fraction of the photo sent so far.
 */
export async function uploadPhoto(
  supabase: SupabaseClient,
  file: File,
  onProgress?: OnProgress,
): Promise<string> {
  const problem = checkPhoto(file);
  if (problem) throw new PhotoUploadError(problem);
  const extension = MEDIA_TYPES[file.type as keyof typeof MEDIA_TYPES];
  const name = `${crypto.randomUUID()}.${extension}`;
  let error: unknown;
  try {
    const storage =
      (onProgress && (await progressStorage(supabase, onProgress))) || supabase.storage;
    ({ error } = await storage.from(MEDIA_BUCKET).upload(name, file, {
      contentType: file.type,
      cacheControl: '31536000',
      upsert: false,
    }));
  } catch (thrown) {
    error = thrown;
  }
  if (error) throw new PhotoUploadError(uploadErrorMessage(error));
  return storedPhotoAddress(supabase.storage.from(MEDIA_BUCKET).getPublicUrl(name).data.publicUrl);
}
