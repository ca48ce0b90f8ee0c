import { createEvent, type DateArray } from 'ics';
import { parisInstant } from './paris-time.ts';
import {
  addressText,
  clock,
  halfDayText,
  mapLink,
  noon,
  type HalfDay,
  type Identity,
} from './appointment-text.ts';

// The shared words are part of this mail's interface (handler.ts, the server's link page).
export {
  addressText,
  clock,
  halfDayText,
  mapLink,
  type HalfDay,
  type Identity,
} from './appointment-text.ts';

/**
 * The customer's confirmation mail (docs/decisions/076-appointment-confirmation.md): written when
 * queued, in French, with its calendar file. The queue adds the garage's signature: none here.
 * Pure: everything it says comes from its arguments.
 */

interface TimeRange {
  opens: string;
  closes: string;
}

/** The opening hours, as far as this mail reads them (schemas/hours.schema.json). */
export interface Hours {
  week: Record<string, TimeRange[]>;
  closures?: { from: string; to: string }[];
  openings?: { date: string; ranges: TimeRange[] }[];
}

export interface Appointment {
  requestId: string;
  customerName: string;
  date: string;
  moment: HalfDay;
  /** 'HH:MM', when the owner gave one. */
  time: string | null;
  note: string | null;
}

export interface ConfirmationMail {
  subject: string;
  body: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];

/**
 * The hours of a day: a special opening that day, else nothing during a closure, else the week's.
 * (A public holiday is the owner's to judge: they chose the day.)
 */
export function dayRanges(hours: Hours, date: string): TimeRange[] {
  const opening = hours.openings?.find((o) => o.date === date);
  if (opening) return opening.ranges;
  if (hours.closures?.some((c) => c.from <= date && date <= c.to)) return [];
  return hours.week[WEEKDAYS[noon(date).getUTCDay()]!] ?? [];
}

/** The half-day's opening range (the first opening before noon, the last closing after 14:00). */
export function halfDayRange(hours: Hours, date: string, moment: HalfDay): TimeRange {
  const ranges = dayRanges(hours, date);
  const found =
    moment === 'matin'
      ? ranges.find((r) => r.opens < '12:00')
      : ranges.filter((r) => r.closes > '14:00').at(-1);
  if (found) {
    // A range over the whole day is cut at noon and 14:00 for its half.
    if (moment === 'matin') return { opens: found.opens, closes: min(found.closes, '12:00') };
    return { opens: max(found.opens, '14:00'), closes: found.closes };
  }
  return moment === 'matin'
    ? { opens: '08:00', closes: '12:00' }
    : { opens: '14:00', closes: '18:00' };
}
const min = (a: string, b: string) => (a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);

const utc = (ms: number): DateArray => {
  const d = new Date(ms);
  return [
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
  ];
};

/**
 * The calendar file: one event, in UTC computed from Paris time; the half-day's opening range, or
 * an hour from the time given. METHOD:PUBLISH (an event to add, not an invitation to answer: no
 * organizer, nothing sent back); the UID is the request's, so a new confirmation replaces the
 * event in the calendar, its SEQUENCE growing with the confirmation's time.
 */
export function calendarFile(input: {
  appointment: Appointment;
  identity: Identity;
  hours: Hours;
  link: string;
  uidHost: string;
  sequence: number;
}): string {
  const { appointment, identity } = input;
  const range = halfDayRange(input.hours, appointment.date, appointment.moment);
  const start = parisInstant(appointment.date, appointment.time ?? range.opens);
  const end = appointment.time ? start + 3_600_000 : parisInstant(appointment.date, range.closes);
  const name = identity.name?.trim() || 'le garage';
  const description = [
    appointment.note?.trim(),
    identity.phone ? `Téléphone : ${identity.phone}` : '',
    `Annuler ou demander un autre jour : ${input.link}`,
  ]
    .filter(Boolean)
    .join('\n');
  const geo =
    typeof identity.latitude === 'number' && typeof identity.longitude === 'number'
      ? { geo: { lat: identity.latitude, lon: identity.longitude } }
      : {};
  const { error, value } = createEvent({
    productId: 'garage/rendez-vous',
    method: 'PUBLISH',
    uid: `rendez-vous-${appointment.requestId}@${input.uidHost}`,
    sequence: input.sequence,
    start: utc(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utc(end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Rendez-vous : ${name}`,
    description,
    location: [name, addressText(identity)].filter(Boolean).join(', '),
    ...geo,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('Fichier de calendrier impossible à créer.');
  return value;
}

/** The mail: subject, body (paragraphs separated by a blank line) and the calendar file. */
export function confirmationMail(input: {
  appointment: Appointment;
  identity: Identity;
  hours: Hours;
  link: string;
  uidHost: string;
  sequence: number;
}): ConfirmationMail {
  const { appointment, identity, hours } = input;
  const name = identity.name?.trim() || 'le garage';
  const when = halfDayText(appointment.date, appointment.moment, appointment.time);
  const ranges = dayRanges(hours, appointment.date);
  const address = addressText(identity);
  const paragraphs = [
    `Bonjour ${appointment.customerName},`,
    `Votre rendez-vous chez ${name} est confirmé : ${when}.`,
    appointment.note?.trim() ? `Le mot du garage :\n${appointment.note.trim()}` : '',
    ranges.length
      ? `Ce jour-là, le garage est ouvert ${ranges.map((r) => `de ${clock(r.opens)} à ${clock(r.closes)}`).join(' et ')}.`
      : '',
    [
      address ? `Adresse : ${address}` : '',
      `Pour venir : ${mapLink(identity)}`,
      identity.phone ? `Téléphone : ${identity.phone}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    'Le fichier joint « rendez-vous.ics » ajoute ce rendez-vous à votre agenda.',
    `Un empêchement ? Annulez ou demandez un autre jour ici :\n${input.link}`,
  ];
  return {
    subject: `Rendez-vous confirmé : ${when}`.slice(0, 300),
    body: paragraphs.filter(Boolean).join('\n\n'),
    attachments: [
      {
        filename: 'rendez-vous.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: calendarFile(input),
      },
    ],
  };
}
