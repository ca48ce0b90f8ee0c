import { FIELD_RULES } from './generated/completeness.ts';
import type { FieldRule } from './completeness-rules.ts';

/**
 * What the site still lacks: a field the law asks for that is empty, or a field that still holds
 * the example shipped as its default. Derived from the schemas' declarations (the generator's
 * FIELD_RULES), never from a list kept here (docs/decisions/056-what-is-missing.md).
 */
export interface Gap extends FieldRule {
  /** The site_content type holding the field. */
  type: string;
  reason: 'missing' | 'placeholder';
}

type Content = Record<string, unknown>;

function valueAt(content: unknown, path: readonly string[]): unknown {
  let value = content;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Content)[key];
  }
  return value;
}

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The legal form written in the identity, which exempts some items (a sole trader's capital). */
function legalFormOf(byType: Readonly<Record<string, unknown>>): string {
  const form = valueAt(byType.identity, ['legalForm']);
  return typeof form === 'string' ? form : '';
}

/** Why one field needs the owner, or undefined when it is fine. */
export function fieldGap(
  rule: FieldRule,
  content: unknown,
  legalForm: string,
): Gap['reason'] | undefined {
  const value = valueAt(content, rule.path);
  if (isEmpty(value)) {
    if (!rule.legal) return undefined;
    if (rule.unlessLegalForm && new RegExp(rule.unlessLegalForm, 'i').test(legalForm)) {
      return undefined;
    }
    return 'missing';
  }
  if (
    rule.placeholder &&
    typeof value === 'string' &&
    new RegExp(rule.placeholder, 'i').test(value)
  ) {
    return 'placeholder';
  }
  return undefined;
}

/**
 * The rule for each field `rule` names in `content`: itself, or, when its path goes through a list
 * (`*`), one per item, with the item's number in its path and its titles (« Avis › n°2 › … »).
 */
export function concreteRules(rule: FieldRule, content: unknown): FieldRule[] {
  const star = rule.path.indexOf('*');
  if (star < 0) return [rule];
  const list = valueAt(content, rule.path.slice(0, star));
  if (!Array.isArray(list)) return [];
  // The titles name the path's properties, not its `*`: the item's number goes after its list.
  const titleAt = rule.path.slice(0, star).filter((key) => key !== '*').length;
  return list.flatMap((_, index) =>
    concreteRules(
      {
        ...rule,
        path: [...rule.path.slice(0, star), String(index), ...rule.path.slice(star + 1)],
        titles: [...rule.titles.slice(0, titleAt), `n°${index + 1}`, ...rule.titles.slice(titleAt)],
      },
      content,
    ),
  );
}

/**
 * Every gap of the site's content, by type in the schemas' order. `byType` maps a site_content
 * type to its content; a type absent from it is not checked.
 */
export function contentGaps(byType: object): Gap[] {
  const content = byType as Readonly<Record<string, unknown>>;
  const legalForm = legalFormOf(content);
  const gaps: Gap[] = [];
  for (const [type, rules] of Object.entries(FIELD_RULES)) {
    if (!(type in content)) continue;
    for (const rule of rules.flatMap((declared) => concreteRules(declared, content[type]))) {
      const reason = fieldGap(rule, content[type], legalForm);
      if (reason) gaps.push({ ...rule, type, reason });
    }
  }
  return gaps;
}

/** The gaps of the identity alone, by field path joined with dots (`host.name`). */
export function identityGaps(identity: unknown): Map<string, Gap['reason']> {
  const gaps = new Map<string, Gap['reason']>();
  for (const gap of contentGaps({ identity })) gaps.set(gap.path.join('.'), gap.reason);
  return gaps;
}
