import { describe, expect, it } from 'vitest';
import { visibleSections } from './visible-sections.ts';
import { sectionAnchor } from './section-anchors.ts';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';

describe('visibleSections', () => {
  it('keeps the visible sections in ascending order', () => {
    const sections = [
      { id: 'b', title: 'B', order: 2, visible: true, type: 'text' },
      { id: 'a', title: 'A', order: 0, visible: true, type: 'text' },
      { id: 'h', title: 'H', order: 1, visible: false, type: 'text' },
    ];
    expect(visibleSections(sections).map((s) => s.id)).toEqual(['a', 'b']);
  });

  it("gives the default sections the spec's anchors, in order", () => {
    expect(visibleSections(DEFAULT_CONTENT.sections).map((s) => sectionAnchor(s.id))).toEqual([
      'hero',
      'services',
      'propos',
      'horaires',
      'honoraires',
      'payment-calculator',
      'vehicles',
      'financement',
      'blog',
      'contact',
    ]);
  });
});
