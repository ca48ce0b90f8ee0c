import { describe, expect, it } from 'vitest';
import { openingHoursSpecification, parseDayHours } from './opening-hours.ts';

describe('parseDayHours', () => {
  it('reads the spec default and its usual variants', () => {
    expect(parseDayHours('9h00 - 13h00 et 14h00 - 18h00')).toEqual([
      ['09:00', '13:00'],
      ['14:00', '18:00'],
    ]);
    expect(parseDayHours('8h-12h, 14h30–19h')).toEqual([
      ['08:00', '12:00'],
      ['14:30', '19:00'],
    ]);
    expect(parseDayHours('09:00 à 17:30')).toEqual([['09:00', '17:30']]);
  });

  it('reads "Fermé" as a closed day', () => {
    for (const text of ['Fermé', 'fermé', 'Fermée', ' Ferme. '])
      expect(parseDayHours(text)).toEqual([]);
  });

  it('refuses anything it would have to guess', () => {
    for (const text of [
      'Sur rendez-vous',
      '9h00 - 13h00 sauf le mercredi',
      '9h - 25h',
      '18h - 9h',
      '9h - 13h et 12h - 18h',
      '9h60 - 10h',
      '',
    ]) {
      expect(parseDayHours(text)).toBeNull();
    }
  });
});

describe('openingHoursSpecification', () => {
  const hours = {
    weekdays: '9h00 - 13h00 et 14h00 - 18h00',
    saturday: 'Fermé',
    sunday: 'Fermé',
    holidays: 'Fermé',
  };

  it('groups Monday to Friday and leaves closed days out', () => {
    const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
    expect(openingHoursSpecification(hours)).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: week, opens: '09:00', closes: '13:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: week, opens: '14:00', closes: '18:00' },
    ]);
  });

  it('publishes nothing when one day cannot be read', () => {
    expect(openingHoursSpecification({ ...hours, saturday: 'Le matin' })).toBeNull();
  });

  it('ignores the holidays text, which no weekday carries', () => {
    expect(openingHoursSpecification({ ...hours, holidays: 'Selon les semaines' })).toHaveLength(2);
  });
});
