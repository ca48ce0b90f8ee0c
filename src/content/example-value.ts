import { concreteRules, fieldGap } from './completeness.ts';
import { FIELD_RULES } from './generated/completeness.ts';

/**
 * Whether a field of `content` (of site_content type `type`) still holds the example its schema
 * ships as the default (its `x-placeholder` rule, docs/decisions/056-what-is-missing.md). The
 * public site shows no example as fact: a partner's example address is not linked or framed.
 */
export function isStillExample(type: string, content: unknown, field: string): boolean {
  const rule = Object.hasOwn(FIELD_RULES, type)
    ? FIELD_RULES[type]!.flatMap((declared) => concreteRules(declared, content)).find(
        (candidate) => candidate.path.join('.') === field,
      )
    : undefined;
  return rule?.placeholder !== undefined && fieldGap(rule, content, '') === 'placeholder';
}
