import type { ContactContent, IdentityContent } from './generated/types.ts';

/**
 * The garage's address and map, from its identity alone (docs/decisions/057-one-garage-identity.md).
 * The database derives the contact record with the same rules (private.contact_from_identity in
 * supabase/migrations): a change here is a change there, and the tests compare both.
 */

type Address = Pick<IdentityContent, 'street' | 'postalCode' | 'city'>;
type Located = Address & Pick<IdentityContent, 'latitude' | 'longitude'>;

const OSM = 'https://www.openstreetmap.org';
/** Half the side of the map's box, in degrees: a few streets around the garage. */
const HALF_BOX = 0.005;

/** « 12 rue des Lilas, 69003 Lyon »: the address on one line. */
export function addressLine(identity: Address): string {
  return `${identity.street.trim()}, ${identity.postalCode.trim()} ${identity.city.trim()}`;
}

/** encodeURIComponent, plus the five characters it leaves (as the database's encoder does). */
function encodeComponent(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const degrees = (value: number) => value.toFixed(6);

/** The point, when both coordinates are known. */
export function coordinates(identity: Located): { latitude: number; longitude: number } | null {
  const { latitude, longitude } = identity;
  return typeof latitude === 'number' && typeof longitude === 'number'
    ? { latitude, longitude }
    : null;
}

/** OpenStreetMap's search for the address: a page the visitor opens, nothing embedded. */
export function addressSearchUrl(identity: Address): string {
  return `${OSM}/search?query=${encodeComponent(addressLine(identity))}`;
}

/** OpenStreetMap's embedded map around the point, with its marker; null without coordinates. */
export function mapEmbedUrl(identity: Located): string | null {
  const point = coordinates(identity);
  if (!point) return null;
  const { latitude: lat, longitude: lon } = point;
  const bbox = [lon - HALF_BOX, lat - HALF_BOX, lon + HALF_BOX, lat + HALF_BOX].map(degrees);
  return `${OSM}/export/embed.html?bbox=${bbox.join('%2C')}&layer=mapnik&marker=${degrees(lat)}%2C${degrees(lon)}`;
}

/** The contact record as the database derives it from the identity. */
export function contactFromIdentity(identity: Located & Pick<IdentityContent, 'phone' | 'email'>) {
  return {
    address: addressLine(identity),
    email: identity.email.trim(),
    phone: identity.phone.trim(),
    mapUrl: mapEmbedUrl(identity) ?? addressSearchUrl(identity),
  } satisfies ContactContent;
}
