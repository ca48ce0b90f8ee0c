import {
  BLOCK_TYPES,
  SECTION_TYPES,
  type BlockType,
  type EditableSectionType,
  type SectionType,
} from './generated/sections.ts';

/**
 * The home section types as the schemas declare them (their `x-section` annotations, generated
 * into ./generated/sections.ts), with the few questions both the site and the back-office ask.
 */
export { BLOCK_TYPES, SECTION_TYPES };
export type { BlockType, EditableSectionType, SectionType };

/** Whether a section's `type` is a declared section type (own keys only). */
export function isSectionType(type: string): type is SectionType {
  return Object.hasOwn(SECTION_TYPES, type);
}

/** Whether a section type has its own content and editor. */
export function isEditableSectionType(type: string): type is EditableSectionType {
  return isSectionType(type) && 'adminPath' in SECTION_TYPES[type];
}

/** Whether a section's `type` is one of the owner's free blocks (text, image). */
export function isBlockType(type: string): type is BlockType {
  return Object.hasOwn(BLOCK_TYPES, type);
}

/** Every section type in the order of the default page. */
export const SECTION_TYPE_NAMES = Object.keys(SECTION_TYPES) as SectionType[];

/** The section types with an editor, in the order of the default page. */
export const EDITABLE_SECTION_TYPES: EditableSectionType[] =
  SECTION_TYPE_NAMES.filter(isEditableSectionType);

/** The editor of a section type: its route under /admin/ and its French title. */
export function sectionEditor(type: EditableSectionType): { path: string; title: string } {
  const { adminPath, label } = SECTION_TYPES[type];
  return { path: adminPath, title: label };
}

/** The French name of a section's type in the back-office; an unknown type shows as it is. */
export function sectionTypeLabel(type: string): string {
  if (isSectionType(type)) return SECTION_TYPES[type].label;
  if (isBlockType(type)) return BLOCK_TYPES[type].label;
  return type;
}
