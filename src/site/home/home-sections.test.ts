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
    const SPEC = [
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
    ];
    // A section type added later may sit anywhere in the defaults: these keep their order.
    const anchors = visibleSections(DEFAULT_CONTENT.sections).map(sectionAnchor);
    expect(anchors.filter((anchor) => SPEC.includes(anchor))).toEqual(SPEC);
  });

  it('lets a section added by the owner keep its own id', () => {
    expect(sectionAnchor({ id: 'promotions', type: 'text' })).toBe('promotions');
  });
});

describe('homeBlocks', () => {
  it('resolves each visible section by its type: its component or the generic block', () => {
    const blocks = homeBlocks([
      section('contact', 3, true, 'contact'),
      section('promotions', 1, true, 'image'),
      section('about', 0, true, 'about'),
      section('payment-calculator', 2, true, 'payment-calculator'),
      section('hours', 4, false, 'hours'),
    ]);
    expect(blocks.map((b) => [b.kind, b.anchor, b.title])).toEqual([
      ['registered', 'propos', 'ABOUT'],
      ['generic', 'promotions', 'PROMOTIONS'],
      ['registered', 'payment-calculator', 'PAYMENT-CALCULATOR'],
      ['registered', 'contact', 'CONTACT'],
    ]);
  });

  it('renders a section of a declared type under its anchor, whatever its id', () => {
    const [block] = homeBlocks([section('section-1763800000000', 0, true, 'pricing')]);
    expect(block).toMatchObject({ kind: 'registered', type: 'pricing', anchor: 'honoraires' });
  });

  it('renders a section whose type is unknown as a generic block under its id', () => {
    const blocks = homeBlocks([section('pricing', 0, true, 'text'), section('x', 1, true, 'new')]);
    expect(blocks.map((b) => [b.kind, b.anchor])).toEqual([
      ['generic', 'pricing'],
      ['generic', 'x'],
    ]);
  });

  it('shows a declared type once, so that its anchor stays unique', () => {
    const blocks = homeBlocks([section('hours', 0, true, 'hours'), section('b', 1, true, 'hours')]);
    expect(blocks.map((b) => b.id)).toEqual(['hours']);
  });

  it('treats inherited object keys as unknown types', () => {
    const [block] = homeBlocks([section('a', 0, true, 'constructor')]);
    expect(block?.kind).toBe('generic');
  });
});
