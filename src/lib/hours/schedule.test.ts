import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import type { HoursContent } from '../../content/generated/types.ts';
import { addDays, easterSunday, publicHolidays } from './holidays.ts';
import { nextParisMidnight, parisToday } from './paris-day.ts';
import {
  closedDaysText,
  closureNotice,
  closureOn,
  daySchedule,
  isOpen,
  upcomingExceptions,
  weekLines,
} from './schedule.ts';

const DEFAULT = DEFAULT_CONTENT.hours;
const summer: HoursContent = {
  ...DEFAULT,
  closures: [{ from: '2027-08-10', to: '2027-08-24', label: 'Congés d’été' }],
  openings: [],
};

describe('weekLines', () => {
  it('reads the defaults exactly as the page always did', () => {
    expect(weekLines(DEFAULT)).toEqual([
      { label: 'Du lundi au vendredi', text: '9h00 - 13h00 et 14h00 - 18h00' },
      { label: 'Samedi', text: 'Fermé' },
      { label: 'Dimanche', text: 'Fermé' },
      { label: 'Jours fériés', text: 'Fermé' },
    ]);
  });

  it('writes one line per day when the working days differ', () => {
    const hours = {
      ...DEFAULT,
      week: { ...DEFAULT.week, mercredi: [{ opens: '08:30', closes: '12:00' }] },
    };
    expect(weekLines(hours).map((line) => `${line.label}: ${line.text}`)).toEqual([
      'Lundi: 9h00 - 13h00 et 14h00 - 18h00',
      'Mardi: 9h00 - 13h00 et 14h00 - 18h00',
      'Mercredi: 8h30 - 12h00',
      'Jeudi: 9h00 - 13h00 et 14h00 - 18h00',
      'Vendredi: 9h00 - 13h00 et 14h00 - 18h00',
      'Samedi: Fermé',
      'Dimanche: Fermé',
      'Jours fériés: Fermé',
    ]);
  });
});

describe('isOpen and daySchedule', () => {
  it('follows the week: a Tuesday open, a Saturday closed', () => {
    expect(isOpen(DEFAULT, '2027-03-02')).toBe(true);
    expect(isOpen(DEFAULT, '2027-03-06')).toBe(false);
    expect(isOpen(DEFAULT, '2027-03-07', 'matin')).toBe(false);
  });

  it('is closed on every day of a closure, first and last included', () => {
    expect(isOpen(summer, '2027-08-09')).toBe(true);
    for (const day of ['2027-08-10', '2027-08-16', '2027-08-24']) {
      expect(isOpen(summer, day)).toBe(false);
      expect(closureOn(summer, day)?.label).toBe('Congés d’été');
    }
    expect(isOpen(summer, '2027-08-25')).toBe(true);
    expect(closureOn(summer, '2027-08-25')).toBeNull();
  });

  it('is closed on public holidays, Easter-based ones included, over many years', () => {
    for (let year = 2024; year <= 2060; year += 1) {
      const easter = easterSunday(year);
      for (const date of [addDays(easter, 1), addDays(easter, 39), addDays(easter, 50)]) {
        expect(daySchedule(DEFAULT, date).reason.kind).toBe('ferie');
        expect(isOpen(DEFAULT, date)).toBe(false);
      }
      for (const holiday of publicHolidays(year)) expect(isOpen(DEFAULT, holiday.date)).toBe(false);
    }
    // The Monday after Easter 2027 (28 March) would otherwise be a working day.
    expect(daySchedule(DEFAULT, '2027-03-29').reason).toEqual({
      kind: 'ferie',
      holiday: { date: '2027-03-29', name: 'Lundi de Pâques' },
    });
  });

  it('opens a holiday the owner opened, with its own hours', () => {
    const hours: HoursContent = {
      ...DEFAULT,
      closures: [],
      openings: [{ date: '2028-05-08', ranges: [{ opens: '09:00', closes: '12:00' }] }],
    };
    expect(isOpen(hours, '2028-05-08')).toBe(true);
    expect(isOpen(hours, '2028-05-08', 'matin')).toBe(true);
    expect(isOpen(hours, '2028-05-08', 'apres-midi')).toBe(false);
    expect(isOpen(hours, '2028-05-01')).toBe(false);
  });

  it('answers per half-day', () => {
    const hours: HoursContent = {
      ...DEFAULT,
      week: {
        ...DEFAULT.week,
        samedi: [{ opens: '09:00', closes: '13:00' }],
        mercredi: [{ opens: '14:00', closes: '18:00' }],
      },
    };
    // Saturday 6 March 2027: mornings only; Wednesday 3 March: afternoons only.
    expect([
      isOpen(hours, '2027-03-06', 'matin'),
      isOpen(hours, '2027-03-06', 'apres-midi'),
    ]).toEqual([true, false]);
    expect([
      isOpen(hours, '2027-03-03', 'matin'),
      isOpen(hours, '2027-03-03', 'apres-midi'),
    ]).toEqual([false, true]);
    expect(isOpen(hours, '2027-03-02', 'apres-midi')).toBe(true);
  });
});

describe('upcomingExceptions', () => {
  it('lists the closure and the holidays of the next 30 days', () => {
    const hours: HoursContent = {
      ...DEFAULT,
      closures: [
        { from: '2028-12-26', to: '2028-12-29' },
        { from: '2029-02-01', to: '2029-02-02' },
      ],
      openings: [{ date: '2028-12-16', ranges: [{ opens: '09:00', closes: '12:00' }] }],
    };
    expect(upcomingExceptions(hours, '2028-12-10')).toEqual([
      { date: '2028-12-16', text: 'Samedi 16 décembre : ouvert 9h00 - 12h00' },
      { date: '2028-12-25', text: 'Lundi 25 décembre (Noël) : fermé' },
      { date: '2028-12-26', text: 'Fermé du 26 au 29 décembre' },
      { date: '2029-01-01', text: 'Lundi 1 janvier (Jour de l’an) : fermé' },
    ]);
  });

  it('shows a closure begun before today from today on, across months', () => {
    const hours: HoursContent = {
      ...DEFAULT,
      closures: [{ from: '2027-07-28', to: '2027-08-06', label: 'Congés' }],
      openings: [],
    };
    expect(upcomingExceptions(hours, '2027-08-02')).toEqual([
      { date: '2027-08-02', text: 'Fermé du 28 juillet au 6 août (Congés)' },
    ]);
    // Once it is over, nothing: 15 August 2027 is a Sunday, closed anyway.
    expect(upcomingExceptions(hours, '2027-08-07')).toEqual([]);
  });
});

describe('closureNotice', () => {
  it('says the closure in force in plain words', () => {
    expect(closureNotice(closureOn(summer, '2027-08-12')!)).toBe(
      'Le garage est fermé du 10 au 24 août (Congés d’été).',
    );
  });
});

describe('Paris days', () => {
  it('turns at midnight in Paris, summer and winter', () => {
    // 22:30 UTC on 14 July is 00:30 on 15 July in Paris (UTC+2).
    expect(parisToday(Date.parse('2027-07-14T22:30:00Z'))).toBe('2027-07-15');
    expect(new Date(nextParisMidnight(Date.parse('2027-07-14T12:00:00Z'))).toISOString()).toBe(
      '2027-07-14T22:00:00.000Z',
    );
    expect(new Date(nextParisMidnight(Date.parse('2027-01-14T23:30:00Z'))).toISOString()).toBe(
      '2027-01-15T23:00:00.000Z',
    );
    // The night the clocks go back (31 October 2027): the next midnight is 23:00 UTC.
    expect(new Date(nextParisMidnight(Date.parse('2027-10-31T10:00:00Z'))).toISOString()).toBe(
      '2027-10-31T23:00:00.000Z',
    );
  });
});

describe('closedDaysText', () => {
  it('names the closed days of the week, the holidays and the coming closures', () => {
    expect(closedDaysText(DEFAULT, '2027-03-01')).toBe(
      'Le garage est fermé le samedi, le dimanche et les jours fériés.',
    );
    expect(closedDaysText(summer, '2027-03-01')).toBe(
      'Le garage est fermé le samedi, le dimanche, les jours fériés et du 10 au 24 août.',
    );
    // Once over, the closure is no longer said.
    expect(closedDaysText(summer, '2027-08-25')).not.toContain('août');
  });
});
