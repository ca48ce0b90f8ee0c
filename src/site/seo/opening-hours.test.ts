import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import type { HoursContent } from '../../content/generated/types.ts';
import { openingHoursSpecification, specialOpeningHoursSpecification } from './opening-hours.ts';

const DEFAULT = DEFAULT_CONTENT.hours;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

describe('openingHoursSpecification', () => {
  it('publishes the default week as before: Monday to Friday, two ranges', () => {
    expect(openingHoursSpecification(DEFAULT)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: WEEKDAYS,
        opens: '09:00',
        closes: '13:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: WEEKDAYS,
        opens: '14:00',
        closes: '18:00',
      },
    ]);
  });

  it('groups the days sharing a range, and leaves closed days out', () => {
    const hours: HoursContent = {
      ...DEFAULT,
      week: {
        ...DEFAULT.week,
        mercredi: [{ opens: '09:00', closes: '13:00' }],
        samedi: [{ opens: '09:00', closes: '13:00' }],
      },
    };
    expect(openingHoursSpecification(hours)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [...WEEKDAYS, 'Saturday'],
        opens: '09:00',
        closes: '13:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Thursday', 'Friday'],
        opens: '14:00',
        closes: '18:00',
      },
    ]);
  });
});

describe('specialOpeningHoursSpecification', () => {
  it('gives the coming closures, holidays and special openings, closed days at 00:00', () => {
    const hours: HoursContent = {
      ...DEFAULT,
      closures: [
        { from: '2028-12-26', to: '2029-01-05', label: 'Fêtes' },
        { from: '2029-03-01', to: '2029-03-02' },
      ],
      openings: [{ date: '2028-12-16', ranges: [{ opens: '09:00', closes: '12:00' }] }],
    };
    const spec = (opens: string, closes: string, validFrom: string, validThrough: string) => ({
      '@type': 'OpeningHoursSpecification',
      opens,
      closes,
      validFrom,
      validThrough,
    });
    expect(specialOpeningHoursSpecification(hours, '2028-12-10')).toEqual([
      spec('09:00', '12:00', '2028-12-16', '2028-12-16'),
      spec('00:00', '00:00', '2028-12-25', '2028-12-25'),
      spec('00:00', '00:00', '2028-12-26', '2029-01-05'),
    ]);
  });

  it('is empty when nothing differs from the week', () => {
    expect(specialOpeningHoursSpecification(DEFAULT, '2027-02-01')).toEqual([]);
  });
});
