import type { AppointmentsContent, HoursContent } from '../../content/generated/types.ts';
import { addDays } from '../../lib/hours/holidays.ts';
import { dayKeyOf, daySchedule, isOpen, weekdayDate } from '../../lib/hours/schedule.ts';

/** The statuses of a request whose appointment holds its half-day (it was confirmed). */
export const AGENDA_STATUSES = ['rdv_confirme', 'vehicule_recu', 'terminee', 'non_venu'] as const;

export type HalfDay = 'matin' | 'apres-midi';
export const HALF_DAYS: readonly HalfDay[] = ['matin', 'apres-midi'];
export const HALF_DAY_LABELS: Record<HalfDay, string> = {
  matin: 'Matin',
  'apres-midi': 'Après-midi',
};

/** One appointment of the agenda (public.requests, the columns the agenda shows). */
export interface AgendaAppointment {
  id: string;
  name: string;
  phone: string | null;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_year: number;
  plate: string | null;
  service: string;
  status: (typeof AGENDA_STATUSES)[number];
  appointment_date: string;
  appointment_moment: HalfDay;
  /** 'hh:mm:ss' as Postgres gives a time, or null. */
  appointment_time: string | null;
  appointment_note: string | null;
}

export interface AgendaHalfDay {
  moment: HalfDay;
  /** Closed by the hours (the week, a closure, a public holiday). */
  closed: boolean;
  capacity: number;
  appointments: AgendaAppointment[];
}

export interface AgendaDay {
  date: string;
  /** « lundi 23 novembre ». */
  label: string;
  /** Why the whole day is closed, when it is (« Fermé », « Jour férié : Noël »…). */
  closedReason: string | null;
  halfDays: AgendaHalfDay[];
}

/** The Monday of the week holding `day` (calendar days, 'YYYY-MM-DD'). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** A `?semaine=` parameter: the Monday of the week it names; null when absent or not a day. */
export function parseWeek(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T12:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return null;
  return mondayOf(value);
}

/** « 23 – 29 novembre 2026 », or across months « 30 novembre – 6 décembre 2026 ». */
export function weekTitle(monday: string): string {
  const sunday = addDays(monday, 6);
  const long = new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const at = (day: string) => new Date(`${day}T12:00:00Z`);
  return long.formatRange(at(monday), at(sunday)).replace(/\s*–\s*/, ' – ');
}

/** « 2 / 3 véhicules »; a closed half-day says so. */
export function loadText(half: AgendaHalfDay): string {
  if (half.closed) return 'Fermé';
  const unit = half.capacity > 1 ? 'véhicules' : 'véhicule';
  return `${half.appointments.length} / ${half.capacity} ${unit}`;
}

/** « 9 h 30 » from '09:30:00'; '' when none. */
export function timeText(time: string | null): string {
  if (!time) return '';
  const [h, m] = time.split(':') as [string, string];
  return `${Number(h)} h ${m}`;
}

function closedReason(hours: HoursContent, date: string): string | null {
  if (isOpen(hours, date)) return null;
  const { reason } = daySchedule(hours, date);
  if (reason.kind === 'ferie') return `Fermé (jour férié : ${reason.holiday.name})`;
  if (reason.kind === 'fermeture') return 'Fermé (fermeture exceptionnelle)';
  return 'Fermé';
}

/**
 * The week from `monday`, by half-day: Monday to Saturday, and Sunday when it is open or holds an
 * appointment. Each half-day's appointments are ordered by time (those without one last), and a
 * half-day closed by the hours still shows the appointments it holds.
 */
export function agendaWeek(
  monday: string,
  appointments: readonly AgendaAppointment[],
  hours: HoursContent,
  settings: AppointmentsContent,
): AgendaDay[] {
  const days: AgendaDay[] = [];
  for (let offset = 0; offset < 7; offset++) {
    const date = addDays(monday, offset);
    const capacity = settings.capacity[dayKeyOf(date)];
    const halfDays = HALF_DAYS.map((moment) => {
      const closed = !isOpen(hours, date, moment);
      return {
        moment,
        closed,
        capacity: closed ? 0 : capacity[moment],
        appointments: appointments
          .filter((a) => a.appointment_date === date && a.appointment_moment === moment)
          .sort((a, b) => (a.appointment_time ?? '99').localeCompare(b.appointment_time ?? '99')),
      };
    });
    const sunday = offset === 6;
    if (sunday && halfDays.every((h) => h.closed && h.appointments.length === 0)) continue;
    days.push({
      date,
      label: weekdayDate(date),
      closedReason: closedReason(hours, date),
      halfDays,
    });
  }
  return days;
}
