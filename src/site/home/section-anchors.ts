import { isSectionType, SECTION_TYPES } from '../../content/section-types.ts';

/**
 * A section of a declared type is found under its type's anchor (about → propos); any other
 * section (the owner's text and image blocks) under its own id.
 */
export function sectionAnchor(section: { id: string; type: string }): string {
  return isSectionType(section.type) ? SECTION_TYPES[section.type].anchor : section.id;
}
