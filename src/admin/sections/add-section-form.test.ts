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

describe('newSectionTypes', () => {
  it('offers only the text and image blocks when every section type is on the page', () => {
    expect(newSectionTypes(sections).map((option) => option.label)).toEqual(blockLabels);
  });

  it.each(SECTION_TYPE_NAMES)('offers %s back once its section is deleted', (type) => {
    const without = sections.filter((section) => section.type !== type);
    expect(newSectionTypes(without)).toEqual([
      ...blockLabels.map((label) => expect.objectContaining({ label })),
      { value: type, label: SECTION_TYPES[type].label },
    ]);
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
