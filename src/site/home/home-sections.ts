import type { Section } from '../../content/generated/types.ts';
import { isSectionType, type SectionType } from '../../content/section-types.ts';
import { sectionAnchor } from './section-anchors.ts';
import { visibleSections } from './visible-sections.ts';

/** What the home page renders for one entry of the `sections` content. */
export type HomeBlock = { id: string; anchor: string; title: string } & (
  { kind: 'registered'; type: SectionType } | { kind: 'generic'; section: Section }
);

/**
 * The visible sections in ascending order, each resolved by its type: the component of a declared
 * type, or the generic block (title, HTML content, image) for the owner's blocks and any type this
 * version does not know. A declared type shows once: a second section of it would repeat its
 * anchor, so it is left out.
 */
export function homeBlocks(sections: readonly Section[]): HomeBlock[] {
  const shown = new Set<string>();
  return visibleSections(sections).flatMap((section): HomeBlock[] => {
    const { id, title, type } = section;
    const anchor = sectionAnchor(section);
    if (!isSectionType(type)) return [{ kind: 'generic', section, id, anchor, title }];
    if (shown.has(type)) return [];
    shown.add(type);
    return [{ kind: 'registered', type, id, anchor, title }];
  });
}
