export interface SectionEntry {
  id: string;
  title: string;
  order: number;
  visible: boolean;
  type: string;
}

/** Sections render in ascending order, and only the visible ones. */
export function visibleSections<T extends SectionEntry>(sections: readonly T[]): T[] {
  return sections.filter((s) => s.visible).sort((a, b) => a.order - b.order);
}
