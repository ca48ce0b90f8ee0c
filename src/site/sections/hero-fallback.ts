/**
 * The hero's image when the owner's does not load: the schema's default (hero-fallback.test.ts
 * holds them equal). Written out rather than read from the generated defaults, which the home page
 * does not otherwise load: it arrives with its content from the server.
 */
export const HERO_FALLBACK_IMAGE = '/images/hero-atelier.svg';
