import { identityGaps } from '../../content/completeness.ts';
import type { IdentityContent } from '../../content/generated/types.ts';

/**
 * The items the law asks the legal notice to show (LCEN article 1-1, docs/legal.md#legal-notice-mentions-légales),
 * read from the garage's identity. An item the identity lacks, or that still holds the shipped
 * example, is never shown as a fact: its value is `null`, and the page says it is being completed
 * (docs/decisions/060-legal-items-from-identity.md).
 */
export interface LegalItem {
  label: string;
  /** The value to print, or null while it is missing or an example. */
  value: string | null;
}

export interface LegalNotice {
  publisher: LegalItem[];
  director: LegalItem;
  host: LegalItem[];
  /** Whether any item is still being completed. */
  incomplete: boolean;
}

/** What the page prints in place of an item that is not known yet. */
export const PENDING_TEXT = 'en cours de complétion';

type Reader = (...paths: string[]) => string | null;

/** Reads identity fields by path, joined by `separator`; null when one of them is a gap. */
function reader(identity: IdentityContent): (separator: string) => Reader {
  const gaps = identityGaps(identity);
  const at = (path: string): string => {
    let value: unknown = identity;
    for (const key of path.split('.')) {
      value =
        typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)[key]
          : undefined;
    }
    return typeof value === 'string' ? value.trim() : '';
  };
  return (separator) =>
    (...paths) => {
      if (paths.some((path) => gaps.has(path))) return null;
      const values = paths.map(at);
      return values.some((value) => value === '') ? null : values.join(separator);
    };
}

/** The garage's address on one line: "1 rue de la République, 69001 Lyon", or null. */
export function identityAddress(identity: IdentityContent): string | null {
  const read = reader(identity);
  const street = read('')('street');
  const city = read(' ')('postalCode', 'city');
  return street && city ? `${street}, ${city}` : null;
}

/** One field of the identity, or null while it is missing or an example. */
export function identityValue(identity: IdentityContent, path: string): string | null {
  return reader(identity)('')(path);
}

/** Every item of the legal notice, from the identity. */
export function legalNotice(identity: IdentityContent): LegalNotice {
  const one = reader(identity)('');
  const item = (label: string, value: string | null): LegalItem => ({ label, value });
  const publisher = [
    item('Nom', one('name')),
    item('Forme juridique', one('legalForm')),
    item('Adresse du siège', identityAddress(identity)),
    item('Téléphone', one('phone')),
    item('E-mail', one('email')),
    item('Immatriculation', one('registration')),
    item('SIRET', one('siret')),
  ];
  // A sole trader has no share capital: an empty one the rules accept is left out, not pending.
  const capital = one('shareCapital');
  if (capital !== null || identityGaps(identity).has('shareCapital')) {
    publisher.splice(2, 0, item('Capital social', capital));
  }
  // A micro-business exempt from VAT has no number: left out like a sole trader's capital.
  const vat = one('vatNumber');
  if (vat !== null || identityGaps(identity).has('vatNumber')) {
    publisher.push(item('Numéro de TVA intracommunautaire', vat));
  }
  const host = [
    item('Nom', one('host.name')),
    item('Adresse', one('host.address')),
    item('Téléphone', one('host.phone')),
  ];
  const director = item('Directeur de la publication', one('director'));
  return {
    publisher,
    director,
    host,
    incomplete: [...publisher, director, ...host].some((i) => i.value === null),
  };
}

/**
 * How a visitor reaches the garage to use their rights, in words: « en écrivant à … ou en
 * appelant le … », or « en contactant le garage » while neither is known.
 */
export function contactWays(identity: IdentityContent): string {
  const email = identityValue(identity, 'email');
  const phone = identityValue(identity, 'phone');
  const ways = [email && `en écrivant à ${email}`, phone && `en appelant le ${phone}`];
  return ways.filter(Boolean).join(' ou ') || 'en contactant le garage';
}
