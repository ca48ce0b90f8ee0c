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
  });

  it('gives an empty text for a value that is not a date', () => {
    expect(formatLongDate('pas une date')).toBe('');
  });
});
