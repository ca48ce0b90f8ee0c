import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { financing, hero } from '../../content/generated/validators.js';
import { previewData } from './preview-data.ts';

const stored = DEFAULT_CONTENT.hero;

describe('previewData', () => {
  it('previews valid values as typed', () => {
    const typed = { ...stored, heading: 'Nouveau titre' };
    expect(previewData(hero, typed, stored)).toBe(typed);
  });

  it('falls back to the stored value for each invalid or missing field only', () => {
    const { description: _, ...typed } = { ...stored, heading: 'Nouveau', backgroundImage: 'x' };
    expect(previewData(hero, typed, stored)).toEqual({
      ...stored,
      heading: 'Nouveau',
    });
  });

  it('falls back per top-level field inside lists too', () => {
    const stored = DEFAULT_CONTENT.financing;
    const options = stored.options.map((o, i) => (i === 1 ? { ...o, title: '' } : o));
    const typed = { ...stored, title: 'Financer', options };
    expect(previewData(financing, typed, stored)).toEqual({ ...stored, title: 'Financer' });
  });

  it('shows the stored content when the typed value is not even an object', () => {
    expect(previewData(hero, null, stored)).toBe(stored);
  });
});
