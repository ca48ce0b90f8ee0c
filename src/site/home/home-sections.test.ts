import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import type { Section } from '../../content/generated/types.ts';
import { homeBlocks } from './home-sections.ts';
import { sectionAnchor } from './section-anchors.ts';
import { visibleSections } from './visible-sections.ts';

const section = (id: string, order: number, visible = true, type = 'text'): Section => ({
  id,
  title: id.toUpperCase(),
  order,
  visible,
  type,
});

describe('visibleSections', () => {
  it('keeps the visible sections in ascending order', () => {
    const sections = [section('b', 2), section('a', 0), section('h', 1, false)];
    expect(visibleSections(sections).map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('does not reorder the stored list', () => {
    const sections = [section('b', 2), section('a', 0)];
    visibleSections(sections);
    expect(sections.map((s) => s.id)).toEqual(['b', 'a']);
  });
});

describe('sectionAnchor', () => {
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

  it('lets a section added by the owner keep its own id', () => {
    expect(sectionAnchor('promotions')).toBe('promotions');
  });
});

describe('homeBlocks', () => {
  it('resolves each visible section by its id: component, calculator or generic block', () => {
    const blocks = homeBlocks([
      section('contact', 3, true, 'contact'),
      section('promotions', 1, true, 'image'),
      section('about', 0),
      section('payment-calculator', 2, true, 'payment-calculator'),
      section('hours', 4, false, 'hours'),
    ]);
    expect(blocks.map((b) => [b.kind, b.anchor, b.title])).toEqual([
      ['registered', 'propos', 'ABOUT'],
      ['generic', 'promotions', 'PROMOTIONS'],
      ['calculator', 'payment-calculator', 'PAYMENT-CALCULATOR'],
      ['registered', 'contact', 'CONTACT'],
    ]);
  });

  it('renders a registered id with its component even when its type says otherwise', () => {
    // The defaults give about and pricing the type 'text'.
    const [block] = homeBlocks([section('pricing', 0, true, 'text')]);
    expect(block).toMatchObject({ kind: 'registered', type: 'pricing', anchor: 'honoraires' });
  });

  it('treats inherited object keys as unknown ids', () => {
    const [block] = homeBlocks([section('constructor', 0)]);
    expect(block?.kind).toBe('generic');
  });
});
