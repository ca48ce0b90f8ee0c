import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates.ts';

describe('formatLongDate', () => {
  it('writes the day, the long month and the year in French', () => {
    expect(formatLongDate('2026-03-05T10:00:00Z')).toBe('5 mars 2026');
    expect(formatLongDate('2025-12-25T08:30:00+01:00')).toBe('25 décembre 2025');
    expect(formatLongDate('2026-08-01')).toBe('1 août 2026');
  });

  it('reads the date in Paris time, wherever the page is rendered', () => {
    // 23:30 UTC on 31 January is already 1 February in Paris.
    expect(formatLongDate('2026-01-31T23:30:00Z')).toBe('1 février 2026');
    // In summer Paris is two hours ahead: 22:30 UTC on 14 July is 15 July there.
    expect(formatLongDate('2026-07-14T22:30:00Z')).toBe('15 juillet 2026');
    expect(formatLongDate('2026-07-14T21:59:00Z')).toBe('14 juillet 2026');
  });

  it('names every month in French, in lower case', () => {
    const months = Array.from({ length: 12 }, (_, index) =>
      formatLongDate(`2026-${String(index + 1).padStart(2, '0')}-15T12:00:00Z`),
    );
    expect(months).toEqual([
      '15 janvier 2026',
      '15 février 2026',
      '15 mars 2026',
      '15 avril 2026',
      '15 mai 2026',
      '15 juin 2026',
      '15 juillet 2026',
      '15 août 2026',
      '15 septembre 2026',
      '15 octobre 2026',
      '15 novembre 2026',
      '15 décembre 2026',
    ]);
  });

  it('gives an empty text for a value that is not a date', () => {
    expect(formatLongDate('pas une date')).toBe('');
  });
});
