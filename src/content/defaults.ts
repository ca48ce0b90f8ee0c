/** The spec's default content, generated from schemas/ (`npm run gen`). */
export { DEFAULT_CONTENT, CONTENT_TYPES, FORM_DEFAULTS } from './generated/defaults.ts';
export type { ContentByType, ContentType } from './generated/types.ts';
