/**
 * Uploaded photos: the storage bucket they live in and the widths its image transformation
 * renders (docs/decisions/023-media-storage.md). Shared by the public pages, the back-office and
 * the self-hosted storage server, so that the widths a page asks for are the widths made.
 */

export const MEDIA_BUCKET = 'media';

/** The photo formats the bucket accepts, recognised by their content, and their file extension. */
export const MEDIA_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
} as const;
export type MediaType = keyof typeof MEDIA_TYPES;

/** The largest photo the bucket accepts, in bytes. */
export const MEDIA_MAX_BYTES = 15 * 1024 * 1024;

export function isMediaType(type: string): type is MediaType {
  return Object.hasOwn(MEDIA_TYPES, type);
}

/** Widths, in pixels, of the renderings of a photo; any other width asked for snaps to the next. */
export const MEDIA_WIDTHS = [480, 800, 1200, 1600] as const;

const PUBLIC_OBJECT = `/storage/v1/object/public/${MEDIA_BUCKET}/`;
const RENDER_IMAGE = `/storage/v1/render/image/public/${MEDIA_BUCKET}/`;

/**
 * The address of a photo of the bucket rendered `width` pixels wide, in the format the browser
 * accepts best (WebP, else the photo's own), as Supabase's image transformation names it; null for
 * an address that is not an uploaded photo's public one.
 */
export function mediaRendering(src: string, width: number): string | null {
  const at = src.indexOf(PUBLIC_OBJECT);
  if (at < 0 || src.includes('?') || src.includes('#')) return null;
  const name = src.slice(at + PUBLIC_OBJECT.length);
  if (name === '' || name.includes('/')) return null;
  return `${src.slice(0, at)}${RENDER_IMAGE}${name}?width=${width}`;
}

/**
 * `srcSet` and `sizes` for an `<img>` of `src` when it is an uploaded photo, so that a phone
 * downloads the rendering its screen needs; nothing for any other address.
 */
export function responsiveSources(src: string, sizes: string): { srcSet?: string; sizes?: string } {
  const renderings = MEDIA_WIDTHS.map((width) => [mediaRendering(src, width), width] as const);
  if (renderings.some(([url]) => url === null)) return {};
  return { srcSet: renderings.map(([url, width]) => `${url} ${width}w`).join(', '), sizes };
}
