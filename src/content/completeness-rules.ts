/**
 * One field's rule, as `npm run gen` lists it from the schemas' `x-legal` and `x-placeholder`
 * keywords (scripts/gen/completeness.ts, docs/decisions/056-what-is-missing.md).
 */
export interface FieldRule {
  /** Property names from the content's root to the field; `*` stands for each item of a list. */
  path: string[];
  /** The field's French titles from its outermost object, e.g. ["Hébergeur du site", "Nom de l'hébergeur"]. */
  titles: string[];
  /** The law asks the site to show it. */
  legal: boolean;
  /** When `legal`: the legal forms (a case-insensitive regex source) that do not need it. */
  unlessLegalForm?: string;
  /** A value matching this regex source (case-insensitive) is still the shipped example. */
  placeholder?: string;
}
