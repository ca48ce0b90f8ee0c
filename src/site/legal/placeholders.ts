import type { IdentityContent, LegalContent } from '../../content/generated/types.ts';
import { addressLine } from '../../content/garage-address.ts';
import { identityValue, PENDING_TEXT } from './legal-items.ts';

type Values = Record<string, string>;

/** The `{{…}}` placeholders of the identity, by name. */
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

/**
 * Every placeholder a stored legal text may still use, from the identity. The pages shipped with
 * `{{nom}}`-style placeholders until the mandatory items were written by the site itself
 * (docs/decisions/060-legal-items-from-identity.md); a text an owner wrote then keeps reading
 * right. A director or host not known yet reads as being completed, never as an example.
 */
export function legalPlaceholders(identity: IdentityContent): Values {
  const pending = (value: string | null) => value ?? PENDING_TEXT;
  const host = [identity.host?.name, identity.host?.address, identity.host?.phone]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  return {
    ...identityPlaceholders(identity),
    directeur: pending(identityValue(identity, 'director')),
    hebergeur: host || PENDING_TEXT,
  };
}

/** The markdown of one legal page as the owner wrote it, any placeholder filled. */
export function legalText(
  identity: IdentityContent,
  legal: LegalContent,
  field: 'mentions' | 'privacy',
): string {
  return fillPlaceholders(legal[field], legalPlaceholders(identity));
}
