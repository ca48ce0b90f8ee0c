import type { Section } from '../../content/generated/types.ts';

/**
 * The pure rules of the 'Gérer les Sections' panel (docs/product.md#sections-manager). Every
 * function returns a new list and never changes the one it is given; a change that does nothing
 * returns the list it was given (same reference), so the panel can tell that there is nothing to
 * save.
 */

/** The sections in ascending order (a stable sort: equal orders keep their stored sequence). */
export function sortSections(sections: readonly Section[]): Section[] {
  return [...sections].sort((a, b) => a.order - b.order);
}

/** The sections in ascending order, each one's order set to its position (0, 1, 2…). */
export function withPositions(sections: readonly Section[]): Section[] {
  return sortSections(sections).map((section, index) =>
    section.order === index ? section : { ...section, order: index },
  );
}

/**
 * The product's reorder rule, word for word: "the dragged section takes the drop index as its new
 * order, and sections whose order is at or above it shift up by one. The move is ignored if there
 * is no destination or the index is unchanged."
 *
 * The drop index is a slot between sections: 0 is before the first, `n` after the last, `i` just
 * before the section now at position `i`. The rule only means that when orders are positions, so
 * `moveSection` below gives it sections numbered 0…n-1.
 */
export function applyReorderRule(
  sections: readonly Section[],
  draggedId: string,
  dropIndex: number | null | undefined,
): Section[] {
  const dragged = sections.find((section) => section.id === draggedId);
  if (!dragged || dropIndex === null || dropIndex === undefined || dropIndex === dragged.order) {
    return sections as Section[];
  }
  return sections.map((section) => {
    if (section.id === draggedId) return { ...section, order: dropIndex };
    return section.order >= dropIndex ? { ...section, order: section.order + 1 } : section;
  });
}

/**
 * Moves the section at `sourceIndex` (its position in ascending order) to the drop slot
 * `dropIndex` with the spec's rule, then numbers the orders 0…n-1 again so that the stored orders
 * stay positions. Ignored (the same list back) without a destination, when the index is
 * unchanged, or when the section would land where it already is.
 */
export function moveSection(
  sections: readonly Section[],
  sourceIndex: number,
  dropIndex: number | null | undefined,
): Section[] {
  const positioned = withPositions(sections);
  const dragged = positioned[sourceIndex];
  if (!dragged || dropIndex === null || dropIndex === undefined || dropIndex === sourceIndex) {
    return sections as Section[];
  }
  const slot = Math.max(0, Math.min(dropIndex, positioned.length));
  const moved = withPositions(applyReorderRule(positioned, dragged.id, slot));
  const before = sortSections(sections).map((section) => section.id);
  const unchanged = moved.every((section, index) => section.id === before[index]);
  return unchanged ? (sections as Section[]) : moved;
}

/**
 * The drop slot of a drag and drop onto the section at `overIndex` (dnd-kit's `over`): the
 * sortable list shows the dragged section taking the place of the one it is over, so going down
 * it lands after that section, going up before it. `null` when it was dropped on nothing.
 */
export function dropIndexFor(activeIndex: number, overIndex: number | null | undefined) {
  if (overIndex === null || overIndex === undefined || overIndex < 0) return null;
  return overIndex > activeIndex ? overIndex + 1 : overIndex;
}

/** Shows a hidden section, hides a visible one. */
export function toggleSection(sections: readonly Section[], id: string): Section[] {
  if (!sections.some((section) => section.id === id)) return sections as Section[];
  return sections.map((section) =>
    section.id === id ? { ...section, visible: !section.visible } : section,
  );
}

/** Removes a section; the others keep their sequence, numbered 0…n-1. */
export function deleteSection(sections: readonly Section[], id: string): Section[] {
  if (!sections.some((section) => section.id === id)) return sections as Section[];
  return withPositions(sections.filter((section) => section.id !== id));
}

/** What the owner fills in to add a section. */
export interface SectionDraft {
  title: string;
  type: string;
  content?: string;
  imageUrl?: string;
  /** What the image shows, for people who do not see it. */
  imageAlt?: string;
}

/** The trimmed optional fields of a draft, blank ones left out. */
function ownFields(draft: Omit<SectionDraft, 'type' | 'title'>): Partial<Section> {
  const fields: Partial<Section> = {};
  const content = draft.content?.trim();
  const imageUrl = draft.imageUrl?.trim();
  const imageAlt = draft.imageAlt?.trim();
  if (content) fields.content = content;
  if (imageUrl) fields.imageUrl = imageUrl;
  if (imageUrl && imageAlt) fields.imageAlt = imageAlt;
  return fields;
}

/** 'section-' plus a timestamp (the next millisecond if two are added in the same one). */
export function newSectionId(sections: readonly Section[], now: number = Date.now()): string {
  const taken = new Set(sections.map((section) => section.id));
  let stamp = now;
  while (taken.has(`section-${stamp}`)) stamp += 1;
  return `section-${stamp}`;
}

/** The new section, visible, at the end; blank optional fields are left out, text is trimmed. */
export function buildSection(
  sections: readonly Section[],
  draft: SectionDraft,
  now: number = Date.now(),
): Section {
  const section: Section = {
    id: newSectionId(sections, now),
    title: draft.title.trim(),
    order: sections.length,
    visible: true,
    type: draft.type,
    ...ownFields(draft),
  };
  return section;
}

/** Adds a section at the end of the page (after numbering the others 0…n-1). */
export function addSection(
  sections: readonly Section[],
  draft: SectionDraft,
  now: number = Date.now(),
): Section[] {
  const positioned = withPositions(sections);
  return [...positioned, buildSection(positioned, draft, now)];
}

/**
 * A section with the owner's new title, HTML content and image (text trimmed, blank optional
 * fields left out); its id, type, order and visibility stay.
 */
export function editSection(
  sections: readonly Section[],
  id: string,
  draft: Omit<SectionDraft, 'type'>,
): Section[] {
  if (!sections.some((section) => section.id === id)) return sections as Section[];
  return sections.map((section) => {
    if (section.id !== id) return section;
    const { content: _content, imageUrl: _imageUrl, imageAlt: _imageAlt, ...rest } = section;
    return { ...rest, title: draft.title.trim(), ...ownFields(draft) };
  });
}
