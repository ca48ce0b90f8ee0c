import { contentGaps, type Gap } from './completeness.ts';

/**
 * « À compléter »: the gaps of the site's content in the order the owner should fill them, the
 * items the law asks for first, each with its French name and problem. The back-office home and
 * `npm run check-site` both print this list (docs/decisions/064-to-complete.md).
 */
export interface ChecklistItem extends Gap {
  /** Stable key: the type and the field's path (`identity.host.name`). */
  key: string;
  /** The field's French name, from its outermost object (`Hébergeur du site › Nom`). */
  label: string;
  /** What is wrong with it, in plain words. */
  problem: string;
}

/** The query parameter that names the field an editor opens focused (`?champ=host.name`). */
export const FIELD_PARAM = 'champ';

const PROBLEMS: Record<Gap['reason'], string> = {
  missing: 'à renseigner',
  placeholder: "encore l'exemple fourni avec le site",
};

export function checklist(byType: object): ChecklistItem[] {
  const gaps = contentGaps(byType);
  // Stable sort: within each group, the schemas' order.
  const ordered = [...gaps.filter((gap) => gap.legal), ...gaps.filter((gap) => !gap.legal)];
  return ordered.map((gap) => ({
    ...gap,
    key: [gap.type, ...gap.path].join('.'),
    label: gap.titles.join(' › '),
    problem: PROBLEMS[gap.reason],
  }));
}

/** Whether the law still lacks something: the site must not go live so. */
export function lacksLegalItem(items: readonly ChecklistItem[]): boolean {
  return items.some((item) => item.legal);
}
