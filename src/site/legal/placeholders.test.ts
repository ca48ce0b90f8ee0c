import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { FORMS } from '../../content/generated/forms.ts';
import { fillPlaceholders, legalText } from './placeholders.ts';

const identity = { ...DEFAULT_CONTENT.identity, name: 'Garage Martin', city: 'Marseille' };

describe('legal placeholders', () => {
  it('fills a text written with placeholders from the identity, leaving none', () => {
    const legal = {
      mentions: '**{{nom}}**, {{forme_juridique}} : {{adresse}}, {{telephone}}, {{email}}',
      privacy: '{{nom}} ({{adresse}})',
    };
    for (const field of ['mentions', 'privacy'] as const) {
      const text = legalText(identity, legal, field);
      expect(text).toContain('Garage Martin');
      expect(text).toContain('69001 Marseille');
      expect(text).not.toMatch(/\{\{/);
    }
  });

  it('fills the director and the host of an old text from the identity, on one line', () => {
    const filled = {
      ...identity,
      director: 'Jeanne Martin',
      host: {
        name: 'OVH SAS',
        address: '2 rue Kellermann, 59100 Roubaix',
        phone: '09 72 10 10 07',
      },
    };
    const legal = { ...DEFAULT_CONTENT.legal, mentions: '{{directeur}} — {{hebergeur}}' };
    expect(legalText(filled, legal, 'mentions')).toBe(
      'Jeanne Martin — OVH SAS, 2 rue Kellermann, 59100 Roubaix, 09 72 10 10 07',
    );
    // Not known yet: said so, never an example.
    expect(legalText(identity, legal, 'mentions')).toBe(
      'en cours de complétion — en cours de complétion',
    );
  });

  it('keeps an unknown placeholder as written', () => {
    expect(fillPlaceholders('{{nom}} et {{inconnu}}', { nom: 'A' })).toBe('A et {{inconnu}}');
    expect(fillPlaceholders('{{constructor}}', {})).toBe('{{constructor}}');
  });

  it('never speaks of double braces in the help texts, as the pages no longer need them', () => {
    for (const field of ['mentions', 'privacy'] as const) {
      expect(FORMS.legal.schema.properties[field].description).not.toMatch(/\{\{|accolade/);
      expect(DEFAULT_CONTENT.legal[field]).not.toMatch(/\{\{/);
    }
  });
});
