import type { SupabaseClient } from '@supabase/supabase-js';
import { addDays } from '../../lib/hours/holidays.ts';
import { visibleRequest } from '../../../supabase/functions/_shared/request-mails.ts';
import { AGENDA_STATUSES, type AgendaAppointment } from './agenda-model.ts';

/**
 * At most this many appointments are read for a week: far above what 14 half-days of at most 50
 * vehicles hold, so that the read stays bounded whatever is stored.
 */
export const AGENDA_MAX_ROWS = 800;

export const agendaKeys = {
  all: ['admin', 'agenda'] as const,
  week: (monday: string) => [...agendaKeys.all, 'week', monday] as const,
  day: (date: string) => [...agendaKeys.all, 'day', date] as const,
};

const COLUMNS =
  'id, name, phone, vehicle_make, vehicle_model, vehicle_year, plate, service, status, ' +
  'appointment_date, appointment_moment, appointment_time, appointment_note';

/** The confirmed appointments from `first` to `last` (both included), by the appointment's index. */
async function appointmentsBetween(
  client: SupabaseClient,
  first: string,
  last: string,
): Promise<{ rows: AgendaAppointment[]; complete: boolean }> {
  const { data, error } = await client
    .from('requests')
    .select(COLUMNS)
    .gte('appointment_date', first)
    .lte('appointment_date', last)
    .in('status', [...AGENDA_STATUSES])
    .order('appointment_date')
    .order('id')
    .limit(AGENDA_MAX_ROWS + 1);
  if (error) throw error;
  // Control characters and direction overrides are never shown (an older request may hold some).
  const rows = ((data ?? []) as unknown as AgendaAppointment[]).map(visibleRequest);
  return { rows: rows.slice(0, AGENDA_MAX_ROWS), complete: rows.length <= AGENDA_MAX_ROWS };
}

/** The week from `monday` to the Sunday after. */
export function readAgendaWeek(client: SupabaseClient, monday: string) {
  return appointmentsBetween(client, monday, addDays(monday, 6));
}

/** One day's appointments, for the workshop's sheet. */
export function readAgendaDay(client: SupabaseClient, date: string) {
  return appointmentsBetween(client, date, date);
}
