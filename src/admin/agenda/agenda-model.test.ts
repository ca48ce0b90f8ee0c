import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import {
  agendaWeek,
  loadText,
  mondayOf,
  parseWeek,
  weekTitle,
  type AgendaAppointment,
} from './agenda-model.ts';

const appointment = (
  date: string,
  moment: 'matin' | 'apres-midi',
  time: string | null,
  name: string,
): AgendaAppointment => ({
  id: name,
  name,
  phone: '06 12 34 56 78',
  vehicle_make: 'Renault',
  vehicle_model: 'Clio',
  vehicle_year: 2012,
  plate: 'AB-123-CD',
  service: 'Vidange',
  status: 'rdv_confirme',
  appointment_date: date,
  appointment_moment: moment,
  appointment_time: time,
  appointment_note: null,
});

// Open on weekdays, Saturday morning only.
const hours = {
  ...DEFAULT_CONTENT.hours,
  week: { ...DEFAULT_CONTENT.hours.week, samedi: [{ opens: '09:00', closes: '12:00' }] },
  closures: [],
  openings: [],
};

describe('the agenda week', () => {
  it('finds the Monday of any day, and reads only real days from the address', () => {
    expect(mondayOf('2026-11-27')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(parseWeek('2026-12-02')).toBe('2026-11-30');
    expect(parseWeek('2026-02-31')).toBeNull();
    expect(parseWeek('semaine')).toBeNull();
    expect(weekTitle('2026-11-30')).toBe('30 novembre – 6 décembre 2026');
  });

  it('counts each half-day against its capacity, closed half-days shown closed', () => {
    const days = agendaWeek(
      '2026-11-23',
      [
        appointment('2026-11-24', 'matin', '10:30:00', 'Bernard'),
        appointment('2026-11-24', 'matin', '08:30:00', 'Alice'),
        appointment('2026-11-24', 'matin', null, 'Claude'),
        appointment('2026-11-24', 'apres-midi', null, 'Dominique'),
      ],
      hours,
      DEFAULT_CONTENT.appointments,
    );
    // Monday to Saturday: Sunday is closed and empty.
    expect(days.map((d) => d.label)).toEqual([
      'lundi 23 novembre',
      'mardi 24 novembre',
      'mercredi 25 novembre',
      'jeudi 26 novembre',
      'vendredi 27 novembre',
      'samedi 28 novembre',
    ]);
    const tuesday = days[1]!;
    expect(tuesday.halfDays.map(loadText)).toEqual(['3 / 3 véhicules', '1 / 3 véhicules']);
    expect(tuesday.halfDays[0]!.appointments.map((a) => a.name)).toEqual([
      'Alice',
      'Bernard',
      'Claude',
    ]);
    const saturday = days[5]!;
    expect(saturday.closedReason).toBeNull();
    expect(saturday.halfDays.map(loadText)).toEqual(['0 / 2 véhicules', 'Fermé']);
  });

  it('shows Sunday when it holds an appointment, and a public holiday as closed', () => {
    const days = agendaWeek(
      '2026-12-21',
      [appointment('2026-12-27', 'matin', null, 'Eugène')],
      hours,
      DEFAULT_CONTENT.appointments,
    );
    expect(days).toHaveLength(7);
    expect(days[6]!.halfDays[0]!.appointments).toHaveLength(1);
    const christmas = days.find((d) => d.date === '2026-12-25')!;
    expect(christmas.closedReason).toBe('Fermé (jour férié : Noël)');
    expect(christmas.halfDays.map(loadText)).toEqual(['Fermé', 'Fermé']);
  });
});
