import { describe, expect, it } from 'vitest';
import { parisDay } from './preferred-days.ts';

describe('the days a visitor may choose', () => {
  it('starts on the day in Paris, whatever the clock of the machine', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris (UTC+1 in winter).
    expect(parisDay(Date.UTC(2026, 11, 31, 23, 30))).toBe('2027-01-01');
    expect(parisDay(Date.UTC(2026, 6, 14, 21, 59))).toBe('2026-07-14');
    expect(parisDay(Date.UTC(2026, 6, 14, 22, 0))).toBe('2026-07-15');
  });
});
