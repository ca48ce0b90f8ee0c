import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { FORMS } from '../../content/generated/forms.ts';
import { fillPlaceholders, legalPlaceholders, legalText } from './placeholders.ts';

const identity = { ...DEFAULT_CONTENT.identity, name: 'Garage Martin', city: 'Marseille' };

describe('legal placeholders', () => {
  it('fills the default pages from the identity, leaving no placeholder', () => {
    for (const field of ['mentions', 'privacy'] as const) {
      const text = legalText(identity, DEFAULT_CONTENT.legal, field);
      expect(text).toContain('Garage Martin');
      expect(text).toContain('69001 Marseille');
      expect(text).not.toMatch(/\{\{/);
    }
  });

  it('fills the director and the host, on one line, from the identity too', () => {
    const legal = {
      ...DEFAULT_CONTENT.legal,
      director: 'Jeanne, gérante de {{nom}}',
      host: 'OVH SAS\n2 rue Kellermann\n59100 Roubaix',
      mentions: '{{directeur}} — {{hebergeur}}',
    };
    expect(legalText(identity, legal, 'mentions')).toBe(
      'Jeanne, gérante de Garage Martin — OVH SAS, 2 rue Kellermann, 59100 Roubaix',
    );
  });

  it('keeps an unknown placeholder as written', () => {
    expect(fillPlaceholders('{{nom}} et {{inconnu}}', { nom: 'A' })).toBe('A et {{inconnu}}');
    expect(fillPlaceholders('{{constructor}}', {})).toBe('{{constructor}}');
  });

  it("names in words, in the form's help text, every detail a page may be filled with", () => {
    // The help speaks of « son téléphone » or « l'hébergeur », never of the markup itself: each
    // placeholder's name, read as words (accents, hyphens and case aside), is in it.
    const fold = (text: string) =>
      text
        .normalize('NFD')
        .replace(/[\u0300-\u036f-]/g, '')
        .toLowerCase();
    const names = Object.keys(legalPlaceholders(identity, DEFAULT_CONTENT.legal));
    for (const field of ['mentions', 'privacy'] as const) {
      const help = FORMS.legal.schema.properties[field].description;
      expect(help).not.toMatch(/\{\{/);
      for (const name of names) expect(fold(help)).toContain(name.replace(/_/g, ' '));
    }
  });
});
