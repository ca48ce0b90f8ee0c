import { describe, expect, it } from 'vitest';
import { isVisitDue, VISIT_WINDOW_MS } from './record-visit.ts';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('isVisitDue', () => {
  it('records the first visit of a browser', () => {
    expect(isVisitDue(null, NOW)).toBe(true);
  });

  it('records nothing again within 6 hours', () => {
    expect(isVisitDue(ago(0), NOW)).toBe(false);
    expect(isVisitDue(ago(VISIT_WINDOW_MS - 1), NOW)).toBe(false);
  });

  it('records again once 6 hours have passed', () => {
    expect(VISIT_WINDOW_MS).toBe(21_600_000);
    expect(isVisitDue(ago(VISIT_WINDOW_MS), NOW)).toBe(true);
    expect(isVisitDue(ago(2 * VISIT_WINDOW_MS), NOW)).toBe(true);
  });

  it('records when the stored time is unreadable or in the future', () => {
    expect(isVisitDue('pas une date', NOW)).toBe(true);
    expect(isVisitDue(ago(-60_000), NOW)).toBe(true);
  });
});
