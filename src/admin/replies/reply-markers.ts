import repliesSchema from '../../../schemas/replies.schema.json' with { type: 'json' };
import { day, MOMENTS } from '../../../supabase/functions/_shared/request-mails.ts';

/**
 * The markers a reply template may hold, « [nom du client] » and the like: plain words the owner
 * reads and types, declared once in schemas/replies.schema.json (`x-markers`), whose patterns
 * refuse any other in the form and in the database.
 */
export const REPLY_MARKERS: readonly string[] = repliesSchema['x-markers'];

/** A marker as written in a template: « [véhicule] ». */
export const markerText = (marker: string) => `[${marker}]`;

/** What the filling reads: the request (as stored) and the garage's identity. */
export interface ReplyContext {
  request: {
    name: string;
    vehicle_make: string;
    vehicle_model: string;
    vehicle_year: number;
    service: string;
    appointment_date?: string | null;
    appointment_moment?: string | null;
    appointment_time?: string | null;
  };
  garage: { name: string; phone: string };
}

/** « mardi 1 décembre 2026 à 9 h 30 », « mardi 1 décembre 2026, le matin », or null. */
export function appointmentText(request: ReplyContext['request']): string | null {
  const { appointment_date: date, appointment_moment: moment, appointment_time: time } = request;
  if (!date) return null;
  const clock = /^(\d{2}):(\d{2})/.exec(time ?? '');
  if (clock) return `${day(date)} à ${Number(clock[1])} h ${clock[2]}`;
  return moment ? `${day(date)}, ${MOMENTS[moment] ?? moment}` : day(date);
}

/** Each marker's value for this request; null when the request or the identity has none. */
export function markerValues(context: ReplyContext): Record<string, string | null> {
  const { request, garage } = context;
  const text = (value: string | null | undefined) => value?.trim() || null;
  const values: Record<string, string | null> = {
    'nom du client': text(request.name),
    véhicule: text(`${request.vehicle_make} ${request.vehicle_model} (${request.vehicle_year})`),
    prestation: text(request.service),
    'date du rendez-vous': appointmentText(request),
    'nom du garage': text(garage.name),
    'téléphone du garage': text(garage.phone),
  };
  return Object.fromEntries(REPLY_MARKERS.map((marker) => [marker, values[marker] ?? null]));
}

/**
 * The template's text with each marker replaced by its value; a marker without a value is left as
 * it is, for the owner to complete (the database refuses to send one), and listed in `missing`.
 */
export function fillReply(
  text: string,
  context: ReplyContext,
): { text: string; missing: string[] } {
  const values = markerValues(context);
  const missing = new Set<string>();
  const filled = text.replace(/\[([^[\]]+)\]/g, (whole, marker: string) => {
    if (!(marker in values)) return whole;
    const value = values[marker];
    if (value === null || value === undefined) {
      missing.add(marker);
      return whole;
    }
    return value;
  });
  return { text: filled, missing: [...missing] };
}

/** The markers still present in a text about to be sent. */
export function markersLeft(text: string): string[] {
  return REPLY_MARKERS.filter((marker) => text.includes(markerText(marker)));
}
