import { describe, expect, it } from 'vitest';
import { FILLED_LEGAL_ITEMS, FILLED_SITE } from '../../tests/helpers/filled-site.ts';
import { checklist, lacksLegalItem } from './checklist.ts';
import { concreteRules } from './completeness.ts';
import { isStillExample } from './example-value.ts';
import { FIELD_RULES } from './generated/completeness.ts';
import { DEFAULT_CONTENT } from './generated/defaults.ts';

const rulesOf = (legal: boolean) =>
  Object.entries(FIELD_RULES).flatMap(([type, rules]) =>
    rules.filter((rule) => rule.legal === legal).map((rule) => [type, ...rule.path].join('.')),
  );

describe('« À compléter »', () => {
  it('lists a fresh site’s legal gaps first, then its examples, each named in French', () => {
    const items = checklist(DEFAULT_CONTENT);
    const firstOther = items.findIndex((item) => !item.legal);
    expect(firstOther).toBeGreaterThan(0);
    expect(items.slice(firstOther).every((item) => !item.legal)).toBe(true);
    expect(lacksLegalItem(items)).toBe(true);
    for (const item of items) {
      // A list item's number stands for the rule's `*`.
      expect(rulesOf(item.legal)).toContain(item.key.replace(/\.\d+(?=\.|$)/g, '.*'));
      expect(item.label).toBe(item.titles.join(' › '));
      expect(item.problem).toMatch(/^(à renseigner|encore l'exemple fourni avec le site)$/);
    }
    // Every example default the schemas declare is on the list.
    for (const [type, rules] of Object.entries(FIELD_RULES)) {
      const fresh = DEFAULT_CONTENT[type as keyof typeof DEFAULT_CONTENT];
      for (const rule of rules.flatMap((declared) => concreteRules(declared, fresh))) {
        if (!rule.placeholder) continue;
        expect(items.map((item) => item.key)).toContain([type, ...rule.path].join('.'));
      }
    }
  });

  it('is empty once the owner has filled everything', () => {
    const items = checklist({ ...DEFAULT_CONTENT, ...FILLED_SITE });
    expect(items).toEqual([]);
    expect(lacksLegalItem(items)).toBe(false);
  });

  it('lets the site go live with examples left in fields the law does not ask for', () => {
    // Every type holding a legal item, filled; the others left as shipped.
    const legalOnly = { ...DEFAULT_CONTENT, ...FILLED_LEGAL_ITEMS };
    const items = checklist(legalOnly);
    expect(items.length).toBeGreaterThan(0);
    expect(lacksLegalItem(items)).toBe(false);
  });
});

describe('isStillExample', () => {
  it('recognises each declared example default, and not the owner’s value', () => {
    for (const [type, rules] of Object.entries(FIELD_RULES)) {
      const filled = (FILLED_SITE as Record<string, unknown>)[type];
      const fresh = DEFAULT_CONTENT[type as keyof typeof DEFAULT_CONTENT];
      for (const rule of rules.flatMap((declared) => concreteRules(declared, fresh))) {
        if (!rule.placeholder) continue;
        const field = rule.path.join('.');
        expect(isStillExample(type, fresh, field), `${type}.${field}`).toBe(true);
        expect(isStillExample(type, filled, field), `${type}.${field}`).toBe(false);
      }
    }
  });

  it('says no for a field without an example rule', () => {
    expect(isStillExample('vehicles', DEFAULT_CONTENT.vehicles, 'title')).toBe(false);
    expect(isStillExample('inconnu', {}, 'title')).toBe(false);
  });
});
