/**
 * What the media library offers the rest of the back-office: the other folders import
 * only this; its other files are its own (docs/decisions/085-admin-zones.md).
 */
export { listMedia, MEDIA_MESSAGES, type MediaItem } from './media-api.ts';
export { mediaKeys } from './media-page.tsx';
export { PhotoUpload } from './photo-upload.tsx';
export { storedPhotoAddress } from './upload-photo.ts';
