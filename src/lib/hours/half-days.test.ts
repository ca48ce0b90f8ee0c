import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import type { AppointmentsContent, HoursContent } from '../../content/generated/types.ts';
import { freeHalfDays, type HalfDayLoad } from './half-days.ts';
import { parisToday } from './paris-day.ts';

// A fixed clock: Wednesday 2 December 2026, 10:00 in Paris.
const TODAY = parisToday(Date.parse('2026-12-02T09:00:00Z'));
const HOURS = DEFAULT_CONTENT.hours;
const APPOINTMENTS = DEFAULT_CONTENT.appointments;

const saturdayOpen: HoursContent = {
  ...HOURS,
  week: { ...HOURS.week, samedi: [{ opens: '09:00', closes: '12:00' }] },
};
const label = (half: { date: string; moment: string }) => `${half.date} ${half.moment}`;
const free = (
  hours: HoursContent = HOURS,
  appointments: AppointmentsContent = APPOINTMENTS,
  load: HalfDayLoad[] = [],
) => freeHalfDays(hours, appointments, load, TODAY).map(label);

describe('freeHalfDays', () => {
  it('offers both half-days of each working day, from tomorrow to 30 days later', () => {
    const offered = free();
    expect(TODAY).toBe('2026-12-02');
    expect(offered.slice(0, 4)).toEqual([
      '2026-12-03 matin',
      '2026-12-03 apres-midi',
      '2026-12-04 matin',
      '2026-12-04 apres-midi',
    ]);
    // Saturday 5 and Sunday 6 are closed with the default hours.
    expect(offered[4]).toBe('2026-12-07 matin');
    // 30 days later is Friday 1 January 2027, a public holiday: the last offer is the day before.
    expect(offered.at(-1)).toBe('2026-12-31 apres-midi');
    expect(freeHalfDays(HOURS, APPOINTMENTS, [], '2026-12-01').at(-1)).toEqual({
      date: '2026-12-31',
      moment: 'apres-midi',
    });
    expect(freeHalfDays(HOURS, APPOINTMENTS, [], '2026-12-05').at(-1)).toEqual({
      date: '2027-01-04',
      moment: 'apres-midi',
    });
  });

  it('leaves out public holidays and closures, unless the owner opened the day', () => {
    expect(free()).not.toContain('2026-12-25 matin');
    const closed: HoursContent = {
      ...HOURS,
      closures: [{ from: '2026-12-07', to: '2026-12-08', label: 'Congés' }],
      openings: [{ date: '2026-12-25', ranges: [{ opens: '09:00', closes: '12:00' }] }],
    };
    const offered = free(closed);
    expect(offered).not.toContain('2026-12-07 matin');
    expect(offered).not.toContain('2026-12-08 apres-midi');
    expect(offered).toContain('2026-12-09 matin');
    expect(offered).toContain('2026-12-25 matin');
    expect(offered).not.toContain('2026-12-25 apres-midi');
  });

  it('offers a half-day only when the garage is open then', () => {
    const offered = free(saturdayOpen);
    expect(offered).toContain('2026-12-05 matin');
    expect(offered).not.toContain('2026-12-05 apres-midi');
  });

  it('does not offer a half-day whose capacity is 0', () => {
    const noWednesdayAfternoon: AppointmentsContent = {
      ...APPOINTMENTS,
      capacity: { ...APPOINTMENTS.capacity, mercredi: { matin: 2, 'apres-midi': 0 } },
    };
    const offered = free(HOURS, noWednesdayAfternoon);
    expect(offered).toContain('2026-12-09 matin');
    expect(offered).not.toContain('2026-12-09 apres-midi');
    expect(offered).not.toContain('2026-12-16 apres-midi');
    expect(offered).toContain('2026-12-10 apres-midi');
  });

  it('leaves out a full half-day, and keeps one with room left', () => {
    const load: HalfDayLoad[] = [
      { day: '2026-12-03', moment: 'matin', booked: 3 },
      { day: '2026-12-03', moment: 'apres-midi', booked: 2 },
      { day: '2026-12-05', moment: 'matin', booked: 2 },
    ];
    const offered = free(saturdayOpen, APPOINTMENTS, load);
    expect(offered).not.toContain('2026-12-03 matin');
    expect(offered).toContain('2026-12-03 apres-midi');
    // Saturday morning takes 2 vehicles by default.
    expect(offered).not.toContain('2026-12-05 matin');
  });

  it('counts the window from the day it is given', () => {
    const later = freeHalfDays(HOURS, APPOINTMENTS, [], '2026-12-30', 3).map(label);
    expect(later).toEqual([
      '2026-12-31 matin',
      '2026-12-31 apres-midi',
      // 1 January is a public holiday, 2 January a Saturday.
    ]);
  });
});
