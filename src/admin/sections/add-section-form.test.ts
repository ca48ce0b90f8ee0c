import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import {
  BLOCK_TYPES,
  SECTION_TYPE_NAMES,
  SECTION_TYPES,
  type BlockType,
} from '../../content/section-types.ts';
import { draftProblems, editProblems, newSectionTypes } from './add-section-form.tsx';

const sections = DEFAULT_CONTENT.sections;
const blockLabels = (Object.keys(BLOCK_TYPES) as BlockType[]).map((t) => BLOCK_TYPES[t].label);

/** The declared types that no section of `page` has, in their declared order. */
const absentFrom = (page: readonly { type: string }[]) =>
  SECTION_TYPE_NAMES.filter((type) => !page.some((section) => section.type === type));
const onDefaultPage = SECTION_TYPE_NAMES.filter((type) => !absentFrom(sections).includes(type));

describe('newSectionTypes', () => {
  it('offers the text and image blocks, then only the types not on the page', () => {
    expect(newSectionTypes(sections)).toEqual([
      ...blockLabels.map((label) => expect.objectContaining({ label })),
      ...absentFrom(sections).map((type) => ({ value: type, label: SECTION_TYPES[type].label })),
    ]);
    expect(onDefaultPage.length).toBeGreaterThan(0);
  });

  it.each(onDefaultPage)('offers %s back once its section is deleted', (type) => {
    const without = sections.filter((section) => section.type !== type);
    const offered = newSectionTypes(without).map((option) => option.value);
    expect(offered).toContain(type);
    expect(offered.slice(blockLabels.length)).toEqual(absentFrom(without));
  });
});

describe('draftProblems and editProblems', () => {
  it('require a title, in French, next to the field', () => {
    const draft = { title: '  ', type: 'text', content: '', imageUrl: '' };
    expect(draftProblems(sections, draft).title).toMatch(/obligatoire/);
    const block = { id: 'section-1', title: 'Promo', order: 10, visible: true, type: 'text' };
    expect(editProblems([...sections, block], 'section-1', draft).title).toMatch(/obligatoire/);
    expect(editProblems([...sections, block], 'section-1', { ...draft, title: 'Été' })).toEqual({});
  });
});
