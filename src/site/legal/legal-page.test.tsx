import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { contentGaps } from '../../content/completeness.ts';
import type { SiteContent } from '../../content/content.ts';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import { FIELD_RULES } from '../../content/generated/completeness.ts';
import type { IdentityContent } from '../../content/generated/types.ts';
import { PENDING_TEXT } from './legal-items.ts';
import { LegalPageBody } from './legal-page.tsx';
import { LEGAL_PAGES } from './legal-pages.ts';

/** A legal page's text as a visitor reads it (markup and entities aside). */
function pageText(field: 'mentions' | 'privacy', identity: IdentityContent): string {
  const content = { ...structuredClone(DEFAULT_CONTENT), identity } as SiteContent;
  const page = LEGAL_PAGES.find((p) => p.field === field)!;
  const html = renderToString(
    <LegalPageBody page={page} content={content} legal={content.legal} />,
  );
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Sets the field at `path` of an identity. */
function withValue(identity: IdentityContent, path: readonly string[], value: string) {
  let target = identity as unknown as Record<string, unknown>;
  for (const key of path.slice(0, -1)) {
    target[key] = { ...(target[key] as object) };
    target = target[key] as Record<string, unknown>;
  }
  target[path.at(-1)!] = value;
}

const LEGAL_RULES = FIELD_RULES.identity!.filter((rule) => rule.legal);

describe('the legal notice', () => {
  it('on a fresh site, prints no example as fact and says what is being completed', () => {
    const identity = DEFAULT_CONTENT.identity;
    const text = pageText('mentions', identity);
    expect(text).toContain('Certaines informations de cette page sont en cours de complétion');
    // Every example the identity ships with is withheld, and no sentence stands in for the host.
    const gaps = contentGaps({ identity });
    expect(gaps.some((gap) => gap.reason === 'placeholder')).toBe(true);
    for (const gap of gaps.filter((g) => g.reason === 'placeholder')) {
      const example = gap.path.reduce<unknown>(
        (v, k) => (v as Record<string, unknown>)[k],
        identity,
      );
      expect(text).not.toContain(String(example));
    }
    expect(text).not.toMatch(/000 000|00 00 00|votre hébergeur|\{\{/i);
    // What is missing is named, each followed by « en cours de complétion ».
    for (const label of ['Immatriculation', 'Capital social', 'SIRET', 'Téléphone', 'E-mail']) {
      expect(text).toContain(`${label} : ${PENDING_TEXT}`);
    }
    expect(text).toMatch(new RegExp(`Directeur de la publication ${PENDING_TEXT}`));
    expect(text).toMatch(new RegExp(`Hébergeur Nom : ${PENDING_TEXT} Adresse : ${PENDING_TEXT}`));
  });

  it('once the identity is filled, shows every item the schema marks as legal, and nothing pending', () => {
    const identity = structuredClone(DEFAULT_CONTENT.identity) as IdentityContent;
    // A field with a set shape gets a value of that shape (the VAT number: FR and 11 digits).
    const shaped: Record<string, string> = { vatNumber: 'FR 12 123456789' };
    const values = LEGAL_RULES.map((rule, i) => {
      const value = shaped[rule.path.join('.')] ?? `Valeur ${i} ${rule.path.join(' ')}`;
      withValue(identity, rule.path, value);
      return value;
    });
    const text = pageText('mentions', identity);
    for (const value of values) expect(text).toContain(value);
    expect(text).toContain('Numéro de TVA intracommunautaire : FR 12 123456789');
    expect(text).not.toContain(PENDING_TEXT);
    expect(text).not.toContain('Certaines informations');
  });

  it('leaves out the share capital of a sole trader, rather than calling it pending', () => {
    const identity = { ...DEFAULT_CONTENT.identity, legalForm: 'Entreprise individuelle' };
    const text = pageText('mentions', identity);
    expect(text).not.toContain('Capital social');
  });
});

describe('the privacy policy', () => {
  it('names the garage, the periods and the rights, and withholds the examples', () => {
    const fresh = pageText('privacy', DEFAULT_CONTENT.identity);
    expect(fresh).not.toContain(DEFAULT_CONTENT.identity.email);
    expect(fresh).toContain(`E-mail : ${PENDING_TEXT}`);

    const identity = {
      ...DEFAULT_CONTENT.identity,
      name: 'Garage Martin',
      email: 'atelier@garage-martin.fr',
      phone: '04 72 00 11 22',
      host: { name: 'OVH SAS' },
    };
    const text = pageText('privacy', identity);
    for (const expected of [
      'Garage Martin',
      'atelier@garage-martin.fr',
      '04 72 00 11 22',
      'OVH SAS',
      "24 mois après l'envoi de la demande",
      'gardée 25 mois au plus ; au-delà, il ne reste que le nombre de visites par jour',
      'le site les oublie 13 mois après les avoir écrites',
      'Aucun cookie',
      'Ne plus compter mes visites',
      'CNIL',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(PENDING_TEXT);
  });
});
