import { describe, expect, it } from 'vitest';
import {
  calendarFile,
  confirmationMail,
  halfDayRange,
  mapLink,
} from '../../supabase/functions/appointments/confirmation-mail.ts';

// The customer's confirmation mail and its calendar file, composed from the garage's identity and
// hours (docs/decisions/076-appointment-confirmation.md).

const hours = {
  week: {
    lundi: [
      { opens: '08:30', closes: '12:00' },
      { opens: '14:00', closes: '18:30' },
    ],
    mardi: [{ opens: '09:00', closes: '17:00' }],
    samedi: [{ opens: '09:00', closes: '12:00' }],
  },
  closures: [{ from: '2026-08-01', to: '2026-08-20' }],
  openings: [{ date: '2026-08-10', ranges: [{ opens: '10:00', closes: '12:00' }] }],
};
const identity = {
  name: 'Garage du Pont',
  street: '3 rue du Pont',
  postalCode: '69002',
  city: 'Lyon',
  phone: '04 78 00 00 00',
};
const appointment = {
  requestId: '5b0c9a5e-1f0e-4b8e-9d3c-6a1f2e3d4c5b',
  customerName: 'Camille',
  date: '2026-12-07',
  moment: 'matin' as const,
  time: null,
  note: null,
};
const link = 'https://garage.test/rendez-vous/gerer?j=abc';

const line = (ics: string, name: string) =>
  ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));

describe('the confirmation mail', () => {
  it('takes the half-day’s opening range: a whole-day range is cut at noon and 14:00', () => {
    expect(halfDayRange(hours, '2026-12-07', 'matin')).toEqual({ opens: '08:30', closes: '12:00' });
    expect(halfDayRange(hours, '2026-12-07', 'apres-midi')).toEqual({
      opens: '14:00',
      closes: '18:30',
    });
    expect(halfDayRange(hours, '2026-12-08', 'matin')).toEqual({ opens: '09:00', closes: '12:00' });
    expect(halfDayRange(hours, '2026-12-08', 'apres-midi')).toEqual({
      opens: '14:00',
      closes: '17:00',
    });
    // A special opening wins over a closure.
    expect(halfDayRange(hours, '2026-08-10', 'matin')).toEqual({ opens: '10:00', closes: '12:00' });
  });

  it('writes Paris times in UTC, winter and summer', () => {
    const winter = calendarFile({
      appointment,
      identity,
      hours,
      link,
      uidHost: 'garage.test',
      sequence: 1,
    });
    expect(line(winter, 'DTSTART')).toBe('DTSTART:20261207T073000Z');
    expect(line(winter, 'DTEND')).toBe('DTEND:20261207T110000Z');
    const summer = calendarFile({
      appointment: { ...appointment, date: '2026-06-09', moment: 'apres-midi', time: '15:00' },
      identity,
      hours,
      link,
      uidHost: 'garage.test',
      sequence: 2,
    });
    expect(line(summer, 'DTSTART')).toBe('DTSTART:20260609T130000Z');
    expect(line(summer, 'DTEND')).toBe('DTEND:20260609T140000Z');
    expect(line(summer, 'UID')).toBe(line(winter, 'UID'));
    expect(line(summer, 'SEQUENCE')).toBe('SEQUENCE:2');
    expect(line(summer, 'METHOD')).toBe('METHOD:PUBLISH');
  });

  it('says the day, the hours, the way and the link, and carries no signature', () => {
    const mail = confirmationMail({
      appointment: { ...appointment, note: 'Apportez le carnet.' },
      identity,
      hours,
      link,
      uidHost: 'garage.test',
      sequence: 1,
    });
    expect(mail.subject).toBe('Rendez-vous confirmé : lundi 7 décembre 2026, le matin');
    expect(mail.body.split('\n\n')).toEqual([
      'Bonjour Camille,',
      'Votre rendez-vous chez Garage du Pont est confirmé : lundi 7 décembre 2026, le matin.',
      'Le mot du garage :\nApportez le carnet.',
      'Ce jour-là, le garage est ouvert de 8h30 à 12h00 et de 14h00 à 18h30.',
      `Adresse : 3 rue du Pont, 69002 Lyon\nPour venir : ${mapLink(identity)}\nTéléphone : 04 78 00 00 00`,
      'Le fichier joint « rendez-vous.ics » ajoute ce rendez-vous à votre agenda.',
      `Un empêchement ? Annulez ou demandez un autre jour ici :\n${link}`,
    ]);
  });

  it('points the map at the coordinates when the identity has them, else at the address', () => {
    expect(mapLink({ ...identity, latitude: 45.764, longitude: 4.8357 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=45.764%2C4.8357',
    );
    expect(mapLink(identity)).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Garage du Pont, 3 rue du Pont, 69002 Lyon')}`,
    );
  });
});
