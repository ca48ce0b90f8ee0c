import { describe, expect, it } from 'vitest';
import {
  formatCalendarMonth,
  formatLongDateTime,
  formatParisClock,
  formatShortCalendarDay,
  formatShortCalendarMonth,
  isoToParisInput,
  parisInputToIso,
} from './dates-paris.ts';

describe('formatLongDateTime', () => {
  it('writes the date and the time in Paris, winter and summer', () => {
    expect(formatLongDateTime('2026-01-15T09:05:00Z')).toBe('15 janvier 2026 à 10:05');
    expect(formatLongDateTime('2026-07-14T22:30:00Z')).toBe('15 juillet 2026 à 00:30');
    expect(formatLongDateTime('2026-11-22T13:30:00.000Z')).toBe('22 novembre 2026 à 14:30');
  });

  it('gives an empty text for a value that is not a date', () => {
    expect(formatLongDateTime('demain')).toBe('');
  });
});

describe('Paris date-time inputs', () => {
  it('reads a winter time at UTC+1 and a summer time at UTC+2', () => {
    expect(parisInputToIso('2026-01-15T10:00')).toBe('2026-01-15T09:00:00.000Z');
    expect(parisInputToIso('2026-07-15T10:00')).toBe('2026-07-15T08:00:00.000Z');
    expect(parisInputToIso('2026-12-31T23:30')).toBe('2026-12-31T22:30:00.000Z');
    expect(parisInputToIso('2026-08-01T00:15')).toBe('2026-07-31T22:15:00.000Z');
    expect(parisInputToIso('2026-08-01T00:15:30')).toBe('2026-07-31T22:15:30.000Z');
  });

  it('shows an instant as Paris wall-clock time', () => {
    expect(isoToParisInput('2026-01-15T09:00:00.000Z')).toBe('2026-01-15T10:00');
    expect(isoToParisInput('2026-07-31T22:15:00Z')).toBe('2026-08-01T00:15');
    expect(isoToParisInput('2026-12-31T23:30:00Z')).toBe('2027-01-01T00:30');
    expect(isoToParisInput('2026-11-22T14:30:00+01:00')).toBe('2026-11-22T14:30');
  });

  it('round-trips every hour of a year, around both clock changes', () => {
    const start = Date.UTC(2026, 0, 1);
    for (let ms = start; ms < Date.UTC(2027, 0, 1); ms += 3_600_000) {
      const iso = new Date(ms).toISOString();
      const input = isoToParisInput(iso);
      // The hour repeated in October reads back as its first occurrence.
      const back = parisInputToIso(input)!;
      expect(isoToParisInput(back)).toBe(input);
      expect(Math.abs(new Date(back).getTime() - ms)).toBeLessThanOrEqual(3_600_000);
    }
  });

  it('handles the clock changes: spring gap and autumn repeat', () => {
    // 29 March 2026, 02:30 does not exist in Paris: read with the winter offset (03:30 summer).
    expect(parisInputToIso('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(parisInputToIso('2026-03-29T01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(parisInputToIso('2026-03-29T03:00')).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026, 02:30 happens twice: the first one, still in summer time.
    expect(parisInputToIso('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(parisInputToIso('2026-10-25T03:30')).toBe('2026-10-25T02:30:00.000Z');
  });

  it('has no date for an empty, partial or impossible value', () => {
    expect(parisInputToIso('')).toBeNull();
    expect(parisInputToIso(null)).toBeNull();
    expect(parisInputToIso('2026-02-30T10:00')).toBeNull();
    expect(parisInputToIso('2026-01-15T24:00')).toBeNull();
    expect(parisInputToIso('2026-01-15')).toBeNull();
    expect(isoToParisInput(null)).toBe('');
    expect(isoToParisInput('pas une date')).toBe('');
  });
});

describe('calendar labels of the statistics', () => {
  it('writes days and months in French', () => {
    expect(formatShortCalendarDay('2026-11-22')).toBe('22 nov. 2026');
    expect(formatShortCalendarDay('2026-08-01')).toBe('1 août 2026');
    expect(formatCalendarMonth('2026-11')).toBe('novembre 2026');
    expect(formatShortCalendarMonth('2026-02')).toBe('févr. 2026');
    expect(formatShortCalendarDay('2026-11')).toBe('');
    expect(formatCalendarMonth('2026')).toBe('');
  });
});

describe('formatParisClock', () => {
  it('says the time in Paris the French way, winter and summer', () => {
    expect(formatParisClock('2026-11-27T09:42:00Z')).toBe('10 h 42');
    expect(formatParisClock('2026-07-01T06:05:00Z')).toBe('8 h 05');
    expect(formatParisClock('not a date')).toBe('');
  });
});
