import type { Section } from '../../content/generated/types.ts';
import { PAYMENT_CALCULATOR_ID } from '../sections/payment-calculator-section.tsx';
import { isEditableSectionType, type EditableSectionType } from '../sections/registry.ts';
import { sectionAnchor } from './section-anchors.ts';
import { visibleSections } from './visible-sections.ts';

/** What the home page renders for one entry of the `sections` content. */
export type HomeBlock = { id: string; anchor: string; title: string } & (
  | { kind: 'registered'; type: EditableSectionType }
  | { kind: 'calculator' }
  | { kind: 'generic'; section: Section }
);

/** The visible sections in ascending order, each resolved to its component by its id. */
export function homeBlocks(sections: readonly Section[]): HomeBlock[] {
  return visibleSections(sections).map((section): HomeBlock => {
    const { id, title } = section;
    const anchor = sectionAnchor(id);
    if (isEditableSectionType(id)) return { kind: 'registered', type: id, id, anchor, title };
    if (id === PAYMENT_CALCULATOR_ID) return { kind: 'calculator', id, anchor, title };
    return { kind: 'generic', section, id, anchor, title };
  });
}
