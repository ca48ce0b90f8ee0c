import { describe, expect, it } from 'vitest';
import { concreteRules, contentGaps, identityGaps } from './completeness.ts';
import { FIELD_RULES } from './generated/completeness.ts';
import { DEFAULT_CONTENT } from './generated/defaults.ts';
import type { IdentityContent } from './generated/types.ts';

const filled: IdentityContent = {
  ...DEFAULT_CONTENT.identity,
  name: 'Garage Martin',
  legalForm: 'SARL',
  shareCapital: '8 000 €',
  registration: 'RCS Lyon 812 345 678',
  siret: '812 345 678 00019',
  vatNumber: 'FR 40 812345678',
  director: 'Paul Martin',
  phone: '04 78 12 34 56',
  email: 'atelier@garage-martin.fr',
  financingSimulatorUrl: 'https://simulateur.cofinauto.fr/garage-martin',
  vehiclesSlideshowUrl: 'https://annonces.mon-partenaire-auto.fr/martin',
  host: { name: 'OVH SAS', address: '2 rue Kellermann, 59100 Roubaix', phone: '1007' },
};

describe('what the site still lacks', () => {
  it('finds, on a fresh site, every example value its schema declares', () => {
    const gaps = contentGaps(DEFAULT_CONTENT);
    for (const [type, rules] of Object.entries(FIELD_RULES)) {
      const fresh = DEFAULT_CONTENT[type as keyof typeof DEFAULT_CONTENT];
      for (const rule of rules.flatMap((declared) => concreteRules(declared, fresh))) {
        if (!rule.placeholder) continue;
        const found = gaps.find((g) => g.type === type && g.path.join('.') === rule.path.join('.'));
        expect(found?.reason, `${type}.${rule.path.join('.')}`).toBe('placeholder');
      }
    }
  });

  it('names the legal items a fresh identity leaves empty', () => {
    const gaps = identityGaps(DEFAULT_CONTENT.identity);
    expect(gaps.get('director')).toBe('missing');
    expect(gaps.get('host.name')).toBe('missing');
    expect(gaps.get('registration')).toBe('missing');
    expect(gaps.get('siret')).toBe('placeholder');
  });

  it('finds nothing once the owner has filled the identity', () => {
    expect([...identityGaps(filled)]).toEqual([]);
  });

  it('does not ask a sole trader for a share capital, but asks a company', () => {
    const withoutCapital = { ...filled, shareCapital: undefined };
    expect(identityGaps({ ...withoutCapital, legalForm: 'Entreprise individuelle' }).size).toBe(0);
    expect(identityGaps({ ...withoutCapital, legalForm: 'SAS' }).get('shareCapital')).toBe(
      'missing',
    );
  });

  it('checks each item of a list: an undated review is asked for its dates', () => {
    const review = { author: 'Marie L.', quote: 'Accueil au top.', rating: 5 };
    const testimonials = {
      ...DEFAULT_CONTENT.testimonials,
      reviews: [{ ...review, date: '2026-03-14', experienceDate: '2026-03-02' }, review],
    };
    const gaps = contentGaps({ testimonials }).map((gap) => [gap.path.join('.'), gap.titles]);
    expect(gaps).toEqual([
      ['reviews.1.date', ['Avis', 'n°2', "Date de l'avis"]],
      ['reviews.1.experienceDate', ['Avis', 'n°2', 'Date de la prestation']],
    ]);
  });

  it('treats a value of spaces as missing', () => {
    expect(identityGaps({ ...filled, director: '   ' }).get('director')).toBe('missing');
  });
});
