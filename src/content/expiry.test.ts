import { describe, expect, it } from 'vitest';
import { parisToday } from '../lib/hours/paris-day.ts';
import { contentExpiry, endOf, type ExpiringField } from './expiry.ts';
import { EXPIRING_FIELDS } from './generated/expiry.ts';

/** A content of `field.type` holding `values` at the field's path (one list item per value). */
function contentWith(field: ExpiringField, values: string[]): Record<string, unknown> {
  const build = (path: readonly string[], value: string): unknown => {
    if (path.length === 0) return value;
    const [head, ...rest] = path as [string, ...string[]];
    return head === '*' ? [build(rest, value)] : { [head]: build(rest, value) };
  };
  const star = field.path.indexOf('*');
  if (star < 0) return { [field.type]: build(field.path, values[0]!) };
  // Every value in the same list, the first one on the path.
  const items = values.map((value) => build(field.path.slice(star + 1), value));
  const list = field.path
    .slice(0, star)
    .reduceRight<unknown>((inner, key) => ({ [key]: inner }), items);
  return { [field.type]: list };
}

describe('when content declared to expire ends', () => {
  it('a date ends at the Paris midnight after it, whatever the time of year', () => {
    // Summer time (UTC+2), winter time (UTC+1), and the last day of each before the clocks change.
    for (const day of ['2027-08-24', '2027-12-31', '2027-03-27', '2027-10-30']) {
      const end = endOf(day, 'date')!;
      expect(parisToday(end - 1), day).toBe(day);
      expect(parisToday(end), day).not.toBe(day);
    }
    expect(endOf('2027-08-24', 'date')).toBe(Date.parse('2027-08-24T22:00:00Z'));
    expect(endOf('2027-12-31', 'date')).toBe(Date.parse('2027-12-31T23:00:00Z'));
  });

  it('an instant ends at that instant, and a value that names none ends nothing', () => {
    expect(endOf('2027-06-30T18:00:00+02:00', 'date-time')).toBe(
      Date.parse('2027-06-30T16:00:00Z'),
    );
    expect(endOf('', 'date')).toBeUndefined();
    expect(endOf(undefined, 'date-time')).toBeUndefined();
    expect(endOf('demain', 'date-time')).toBeUndefined();
  });

  it('the schemas declare at least one expiring field, on a date or an instant', () => {
    expect(EXPIRING_FIELDS.length).toBeGreaterThan(0);
    for (const field of EXPIRING_FIELDS) expect(['date', 'date-time']).toContain(field.format);
  });

  it.each(
    EXPIRING_FIELDS.map((field) => [`${field.type}.${field.path.join('.')}`, field] as const),
  )('%s: the page lasts until the earliest end still to come', (_, field) => {
    const values =
      field.format === 'date'
        ? ['2027-08-24', '2027-08-12', '2027-07-01']
        : ['2027-08-24T18:00:00+02:00', '2027-08-12T12:30:00+02:00', '2027-07-01T09:00:00Z'];
    const content = contentWith(field, values);
    const [later, sooner, past] = values.map((value) => endOf(value, field.format)!) as [
      number,
      number,
      number,
    ];
    const now = past + 1;
    expect(contentExpiry(content, now, [field])).toBe(sooner);
    // Once the sooner one has ended, the later one counts; after both, nothing does.
    expect(contentExpiry(content, sooner, [field])).toBe(later);
    expect(contentExpiry(content, later, [field])).toBeUndefined();
    // Other types' fields read nothing here.
    expect(contentExpiry({}, now, [field])).toBeUndefined();
  });
});
