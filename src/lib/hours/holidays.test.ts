import { describe, expect, it } from 'vitest';
import { addDays, easterSunday, holidayOn, publicHolidays } from './holidays.ts';

describe('easterSunday', () => {
  it.each([
    // Facts, from the published calendars.
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'], // the latest date Easter can fall on
    [2285, '2285-03-22'], // the earliest
  ])('%i: %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it('always falls on a Sunday between 22 March and 25 April', () => {
    for (let year = 1900; year <= 2200; year += 1) {
      const easter = easterSunday(year);
      expect(new Date(`${easter}T00:00:00Z`).getUTCDay()).toBe(0);
      expect(easter.slice(5) >= '03-22' && easter.slice(5) <= '04-25').toBe(true);
    }
  });

  it.each([1582, 2026.5, Number.NaN, 10000])('refuses the year %d', (year) => {
    expect(() => easterSunday(year)).toThrow(RangeError);
  });
});

describe('publicHolidays', () => {
  it('lists the eleven French public holidays of 2026 in date order', () => {
    expect(publicHolidays(2026)).toEqual([
      { date: '2026-01-01', name: 'Jour de l’an' },
      { date: '2026-04-06', name: 'Lundi de Pâques' },
      { date: '2026-05-01', name: 'Fête du Travail' },
      { date: '2026-05-08', name: 'Victoire 1945' },
      { date: '2026-05-14', name: 'Ascension' },
      { date: '2026-05-25', name: 'Lundi de Pentecôte' },
      { date: '2026-07-14', name: 'Fête nationale' },
      { date: '2026-08-15', name: 'Assomption' },
      { date: '2026-11-01', name: 'Toussaint' },
      { date: '2026-11-11', name: 'Armistice 1918' },
      { date: '2026-12-25', name: 'Noël' },
    ]);
  });

  it.each([
    // Facts: Easter Monday, Ascension Thursday and Whit Monday of these years.
    [2024, '2024-04-01', '2024-05-09', '2024-05-20'],
    [2025, '2025-04-21', '2025-05-29', '2025-06-09'],
    [2027, '2027-03-29', '2027-05-06', '2027-05-17'],
    [2038, '2038-04-26', '2038-06-03', '2038-06-14'],
  ])('%i: the Easter-based days', (year, monday, ascension, whitMonday) => {
    const byName = new Map(publicHolidays(year).map((h) => [h.name, h.date]));
    expect(byName.get('Lundi de Pâques')).toBe(monday);
    expect(byName.get('Ascension')).toBe(ascension);
    expect(byName.get('Lundi de Pentecôte')).toBe(whitMonday);
  });

  it('keeps Ascension = Easter + 39 days and Whit Monday = Easter + 50, on their weekdays', () => {
    for (let year = 1990; year <= 2100; year += 1) {
      const easter = easterSunday(year);
      const byName = new Map(publicHolidays(year).map((h) => [h.name, h.date]));
      expect(byName.get('Lundi de Pâques')).toBe(addDays(easter, 1));
      expect(byName.get('Ascension')).toBe(addDays(easter, 39));
      expect(byName.get('Lundi de Pentecôte')).toBe(addDays(easter, 50));
      expect(new Date(`${byName.get('Ascension')}T00:00:00Z`).getUTCDay()).toBe(4);
      expect(new Date(`${byName.get('Lundi de Pentecôte')}T00:00:00Z`).getUTCDay()).toBe(1);
    }
  });

  it('keeps both days when Ascension falls on 1 May (2008)', () => {
    const may1 = publicHolidays(2008).filter((h) => h.date === '2008-05-01');
    expect(may1.map((h) => h.name)).toEqual(['Fête du Travail', 'Ascension']);
  });

  it('adds Good Friday and 26 December in Alsace-Moselle', () => {
    const local = publicHolidays(2026, { alsaceMoselle: true });
    expect(local).toHaveLength(13);
    expect(local).toContainEqual({ date: '2026-04-03', name: 'Vendredi saint' });
    expect(local).toContainEqual({ date: '2026-12-26', name: 'Saint-Étienne' });
    expect(publicHolidays(2026).map((h) => h.date)).not.toContain('2026-04-03');
  });
});

describe('holidayOn', () => {
  it('names the holiday of a date, and nothing on a working day', () => {
    expect(holidayOn('2026-05-25')).toEqual({ date: '2026-05-25', name: 'Lundi de Pentecôte' });
    expect(holidayOn('2026-05-26')).toBeNull();
    expect(holidayOn('2026-12-26')).toBeNull();
    expect(holidayOn('2026-12-26', { alsaceMoselle: true })?.name).toBe('Saint-Étienne');
  });
});

describe('addDays', () => {
  it('crosses months, years and 29 February', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
