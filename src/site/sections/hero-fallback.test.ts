import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import { HERO_FALLBACK_IMAGE } from './hero-fallback.ts';

describe('HERO_FALLBACK_IMAGE', () => {
  it('is the hero schema’s default image', () => {
    expect(HERO_FALLBACK_IMAGE).toBe(DEFAULT_CONTENT.hero.backgroundImage);
  });
});
