import { describe, expect, it } from 'vitest';
import type { Section } from '../../content/generated/types.ts';
import { validatorFor } from '../../content/content.ts';
import {
  addSection,
  applyReorderRule,
  buildSection,
  deleteSection,
  dropIndexFor,
  editSection,
  moveSection,
  newSectionId,
  sortSections,
  toggleSection,
  withPositions,
} from './sections-model.ts';

/** Sections a…e at orders 0…4. */
function list(ids = ['a', 'b', 'c', 'd', 'e']): Section[] {
  return ids.map((id, order) => ({
    id,
    title: id.toUpperCase(),
    order,
    visible: true,
    type: 'text',
  }));
}

const ids = (sections: readonly Section[]) => sortSections(sections).map((s) => s.id);
const orders = (sections: readonly Section[]) => sortSections(sections).map((s) => s.order);

describe('applyReorderRule (the product rule, literally)', () => {
  it('gives the dragged section the drop index and shifts up the orders at or above it', () => {
    const result = applyReorderRule(list(), 'd', 1);
    expect(result.map((s) => [s.id, s.order])).toEqual([
      ['a', 0],
      ['b', 2],
      ['c', 3],
      ['d', 1],
      ['e', 5],
    ]);
  });

  it('ignores a move without a destination or to the same index', () => {
    const sections = list();
    expect(applyReorderRule(sections, 'c', null)).toBe(sections);
    expect(applyReorderRule(sections, 'c', undefined)).toBe(sections);
    expect(applyReorderRule(sections, 'c', 2)).toBe(sections);
  });

  it('does not change the list it is given', () => {
    const sections = list();
    const copy = structuredClone(sections);
    applyReorderRule(sections, 'a', 3);
    expect(sections).toEqual(copy);
  });
});

describe('moveSection', () => {
  it('moves a section up', () => {
    const moved = moveSection(list(), 3, 1);
    expect(ids(moved)).toEqual(['a', 'd', 'b', 'c', 'e']);
    expect(orders(moved)).toEqual([0, 1, 2, 3, 4]);
  });

  it('moves a section down (the drop index is the slot before the section it lands above)', () => {
    expect(ids(moveSection(list(), 1, 4))).toEqual(['a', 'c', 'd', 'b', 'e']);
  });

  it('moves a section to the top and to the bottom', () => {
    expect(ids(moveSection(list(), 3, 0))).toEqual(['d', 'a', 'b', 'c', 'e']);
    expect(ids(moveSection(list(), 1, 5))).toEqual(['a', 'c', 'd', 'e', 'b']);
    expect(ids(moveSection(list(), 0, 5))).toEqual(['b', 'c', 'd', 'e', 'a']);
    expect(ids(moveSection(list(), 4, 0))).toEqual(['e', 'a', 'b', 'c', 'd']);
  });

  it('ignores a move without a destination or to the same index', () => {
    const sections = list();
    expect(moveSection(sections, 2, null)).toBe(sections);
    expect(moveSection(sections, 2, undefined)).toBe(sections);
    expect(moveSection(sections, 2, 2)).toBe(sections);
    // The slot just after itself leaves it where it is: nothing to save either.
    expect(moveSection(sections, 2, 3)).toBe(sections);
    // No section at that position.
    expect(moveSection(sections, 9, 0)).toBe(sections);
  });

  it('works on stored orders that are not positions (gaps, unsorted)', () => {
    const stored = list().map((s, i) => ({ ...s, order: 10 + i * 5 }));
    stored.reverse();
    const moved = moveSection(stored, 4, 1);
    expect(ids(moved)).toEqual(['a', 'e', 'b', 'c', 'd']);
    expect(orders(moved)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps every other field of the sections', () => {
    const sections = list();
    sections[2] = { ...sections[2]!, visible: false, content: '<p>x</p>', imageUrl: '/a.jpg' };
    const moved = moveSection(sections, 2, 0);
    expect(moved.find((s) => s.id === 'c')).toEqual({ ...sections[2], order: 0 });
  });
});

describe('dropIndexFor', () => {
  it('turns the section dropped on into the drop slot of the rule', () => {
    expect(dropIndexFor(3, 1)).toBe(1); // up: before it
    expect(dropIndexFor(1, 3)).toBe(4); // down: after it
    expect(dropIndexFor(2, 2)).toBe(2); // unchanged
    expect(dropIndexFor(2, null)).toBeNull();
    expect(dropIndexFor(2, undefined)).toBeNull();
    expect(dropIndexFor(2, -1)).toBeNull();
  });

  it('with moveSection, drops a section where the sortable list showed it', () => {
    const sections = list();
    for (let from = 0; from < 5; from++) {
      for (let over = 0; over < 5; over++) {
        const expected = ids(sections);
        const [item] = expected.splice(from, 1);
        expected.splice(over, 0, item!);
        expect(ids(moveSection(sections, from, dropIndexFor(from, over)))).toEqual(expected);
      }
    }
  });
});

describe('toggleSection', () => {
  it('hides a visible section and shows a hidden one', () => {
    const hidden = toggleSection(list(), 'b');
    expect(hidden.find((s) => s.id === 'b')?.visible).toBe(false);
    expect(hidden.filter((s) => s.visible)).toHaveLength(4);
    expect(toggleSection(hidden, 'b').find((s) => s.id === 'b')?.visible).toBe(true);
  });

  it('ignores an unknown id', () => {
    const sections = list();
    expect(toggleSection(sections, 'zz')).toBe(sections);
  });
});

describe('deleteSection', () => {
  it('removes the section and numbers the others again', () => {
    const result = deleteSection(list(), 'b');
    expect(ids(result)).toEqual(['a', 'c', 'd', 'e']);
    expect(orders(result)).toEqual([0, 1, 2, 3]);
  });

  it('ignores an unknown id', () => {
    const sections = list();
    expect(deleteSection(sections, 'zz')).toBe(sections);
  });
});

describe('addSection', () => {
  it("adds a visible section at the end, with an id of 'section-' and a timestamp", () => {
    const result = addSection(list(), { title: '  Promotions  ', type: 'text' }, 1_700_000_000_000);
    expect(result).toHaveLength(6);
    expect(result[5]).toEqual({
      id: 'section-1700000000000',
      title: 'Promotions',
      order: 5,
      visible: true,
      type: 'text',
    });
  });

  it('keeps the optional content and image, trimmed, and leaves blank ones out', () => {
    const section = buildSection(
      list(),
      { title: 'Atelier', type: 'image', content: ' <p>Photo</p> ', imageUrl: ' /atelier.jpg ' },
      5,
    );
    expect(section).toMatchObject({ content: '<p>Photo</p>', imageUrl: '/atelier.jpg' });
    const plain = buildSection(list(), { title: 'X', type: 'text', content: ' ', imageUrl: '' }, 5);
    expect(plain).not.toHaveProperty('content');
    expect(plain).not.toHaveProperty('imageUrl');
  });

  it('never reuses an id, even within the same millisecond', () => {
    const first = addSection(list(), { title: 'Un', type: 'text' }, 42);
    const second = addSection(first, { title: 'Deux', type: 'text' }, 42);
    expect(second.map((s) => s.id).slice(-2)).toEqual(['section-42', 'section-43']);
    expect(newSectionId([], 7)).toBe('section-7');
  });

  it('gives a list that the sections schema accepts', () => {
    const result = addSection(withPositions(list()), { title: 'Nouveau', type: 'image' }, 99);
    expect(validatorFor('sections')(result)).toBe(true);
  });
});

describe('editSection', () => {
  it("changes a block's title, content and image, and nothing else", () => {
    const sections = list(['a', 'b']);
    const edited = editSection(sections, 'b', {
      title: ' Promotions ',
      content: ' <p>Pneus</p> ',
      imageUrl: '/images/pneus.jpg',
    });
    expect(edited[0]).toBe(sections[0]);
    expect(edited[1]).toEqual({
      id: 'b',
      title: 'Promotions',
      order: 1,
      visible: true,
      type: 'text',
      content: '<p>Pneus</p>',
      imageUrl: '/images/pneus.jpg',
    });
  });

  it('leaves out a content or image emptied by the owner', () => {
    const sections = [{ ...list(['a'])[0]!, content: '<p>x</p>', imageUrl: '/x.jpg' }];
    expect(editSection(sections, 'a', { title: 'A', content: ' ', imageUrl: '' })).toEqual([
      { id: 'a', title: 'A', order: 0, visible: true, type: 'text' },
    ]);
  });

  it('returns the same list for an unknown id', () => {
    const sections = list();
    expect(editSection(sections, 'z', { title: 'Z' })).toBe(sections);
  });
});
