import type { IdentityContent, LegalContent } from '../../content/generated/types.ts';

type Values = Record<string, string>;

/** The garage's address as one line: "1 rue de la République, 69001 Lyon". */
export function addressLine(identity: IdentityContent): string {
  return `${identity.street.trim()}, ${identity.postalCode.trim()} ${identity.city.trim()}`;
}

/** The `{{…}}` placeholders of the identity, by name (the form's help text names them in words). */
export function identityPlaceholders(identity: IdentityContent): Values {
  return {
    nom: identity.name,
    forme_juridique: identity.legalForm,
    siret: identity.siret,
    adresse: addressLine(identity),
    telephone: identity.phone,
    email: identity.email,
  };
}

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** `text` with each known `{{name}}` replaced by its value; an unknown one stays as written. */
export function fillPlaceholders(text: string, values: Values): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? whole) : whole,
  );
}

/** A value on one line, for a place in a sentence: its lines joined by commas. */
function oneLine(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * Every placeholder a legal page may use: the identity's, then the director of publication and
 * the host (which may use the identity's themselves). They are filled when a page is shown, so
 * the pages follow the identity (docs/decisions/021-identity-and-legal-pages.md).
 */
export function legalPlaceholders(identity: IdentityContent, legal: LegalContent): Values {
  const values = identityPlaceholders(identity);
  return {
    ...values,
    directeur: oneLine(fillPlaceholders(legal.director, values)),
    hebergeur: oneLine(fillPlaceholders(legal.host, values)),
  };
}

/** The markdown of one legal page, its placeholders filled. */
export function legalText(
  identity: IdentityContent,
  legal: LegalContent,
  field: 'mentions' | 'privacy',
): string {
  return fillPlaceholders(legal[field], legalPlaceholders(identity, legal));
}
