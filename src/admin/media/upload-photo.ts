import type { SupabaseClient } from '@supabase/supabase-js';
import { isMediaType, MEDIA_BUCKET, MEDIA_MAX_BYTES, MEDIA_TYPES } from '../../content/media.ts';

/** A photo refused or not sent, with what to do in French. */
export class PhotoUploadError extends Error {}

export const WRONG_FORMAT = 'Format non accepté : envoyez une photo JPEG, PNG, WebP, AVIF ou GIF.';
export const TOO_BIG = 'Photo trop lourde : 15 Mo au maximum.';
const NOT_ALLOWED =
  'Envoi refusé : votre session a peut-être expiré. Reconnectez-vous avec un compte administrateur, puis réessayez.';
const NOT_SENT = "La photo n'a pas été envoyée : vérifiez votre connexion, puis réessayez.";

/** The storage error's HTTP status, when supabase-js kept one. */
function statusOf(error: unknown): number | undefined {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
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
 * Sends a photo to the media bucket under a generated name (the bucket refuses any other) and
 * returns its public address, the value an image field stores.
 */
export async function uploadPhoto(supabase: SupabaseClient, file: File): Promise<string> {
  const problem = checkPhoto(file);
  if (problem) throw new PhotoUploadError(problem);
  const extension = MEDIA_TYPES[file.type as keyof typeof MEDIA_TYPES];
  const name = `${crypto.randomUUID()}.${extension}`;
  const bucket = supabase.storage.from(MEDIA_BUCKET);
  let error: unknown;
  try {
    ({ error } = await bucket.upload(name, file, {
      contentType: file.type,
      cacheControl: '31536000',
      upsert: false,
    }));
  } catch (thrown) {
    error = thrown;
  }
  if (error) throw new PhotoUploadError(uploadErrorMessage(error));
  return bucket.getPublicUrl(name).data.publicUrl;
}
