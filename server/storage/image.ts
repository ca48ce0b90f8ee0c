import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MEDIA_TYPES } from '../../src/content/media.ts';
import { unsupportedType } from './errors.ts';

/** The types a photo may have, as recognised from its bytes, and the extension of each. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = MEDIA_TYPES;

/** Larger images are refused before they are decoded (a 15 MB file may claim any size). */
export const MAX_INPUT_PIXELS = 100_000_000;

export interface CleanImage {
  bytes: Buffer;
  /** The type read from the content, never the one the client declared. */
  mimetype: string;
}

/**
 * Recognises a photo by its content and rewrites it without its metadata (location, camera,
 * dates): decoded and encoded again by sharp, turned upright first (docs/decisions/023-media-storage.md).
 * GIFs are re-encoded too, every frame with its delay and the loop count, which leaves out
 * their comments and application blocks (XMP, which may hold a location).
 * Anything else, or an image sharp cannot decode, is refused with 415.
 */
export async function cleanImage(
  input: Buffer,
  allowed: readonly string[] | null,
): Promise<CleanImage> {
  const detected = await fileTypeFromBuffer(input);
  const mimetype = detected?.mime ?? '';
  if (!(mimetype in IMAGE_TYPES) || (allowed !== null && !allowed.includes(mimetype)))
    throw unsupportedType(mimetype || 'application/octet-stream');
  try {
    const gif = mimetype === 'image/gif';
    const image = sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
      animated: gif,
    });
    await image.metadata();
    if (gif) return { bytes: await image.gif().toBuffer(), mimetype };
    const upright = image.rotate().keepIccProfile();
    const encoded =
      mimetype === 'image/jpeg'
        ? upright.jpeg({ quality: 90, mozjpeg: false })
        : mimetype === 'image/png'
          ? upright.png()
          : mimetype === 'image/webp'
            ? upright.webp({ quality: 90 })
            : upright.avif({ quality: 70 });
    return { bytes: await encoded.toBuffer(), mimetype };
  } catch {
    throw unsupportedType(mimetype);
  }
}
