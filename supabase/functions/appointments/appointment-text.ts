/**
 * The words of an appointment that both the mail and the customer's link page say
 * (docs/decisions/076-appointment-confirmation.md). No imports: the public site's link page uses
 * them too, and must not carry the calendar-file library with them.
 */

export type HalfDay = 'matin' | 'apres-midi';

/** The garage's identity, as far as the mail and the link page read it (schemas/identity.schema.json). */
export interface Identity {
  name?: string;
  street?: string;
  postalCode?: string;
  city?: string;
  phone?: string;
  latitude?: number;
  longitude?: number;
}

const DAY_LONG = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
export const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** '09:30' → '9h30'. */
export const clock = (time: string) => `${Number(time.slice(0, 2))}h${time.slice(3, 5)}`;

/** « mardi 1 décembre 2026, le matin (vers 9h30) ». */
export function halfDayText(date: string, moment: HalfDay, time: string | null): string {
  const day = DAY_LONG.format(noon(date));
  const part = moment === 'matin' ? 'le matin' : 'l’après-midi';
  return `${day}, ${part}${time ? ` (vers ${clock(time)})` : ''}`;
}

/** « 12 rue X, 75001 Paris ». */
export function addressText(identity: Identity): string {
  const town = [identity.postalCode, identity.city].filter(Boolean).join(' ');
  return [identity.street, town].filter(Boolean).join(', ');
}

/** A map link that opens the phone's maps app: the coordinates when set, else the address. */
export function mapLink(identity: Identity): string {
  const query =
    typeof identity.latitude === 'number' && typeof identity.longitude === 'number'
      ? `${identity.latitude},${identity.longitude}`
      : [identity.name, addressText(identity)].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
