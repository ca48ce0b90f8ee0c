import type { SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import type { AppointmentsContent, HoursContent } from '../../content/generated/types.ts';
import { dayKeyOf, isOpen } from '../../lib/hours/schedule.ts';
import type {
  ConfirmAnswer,
  ConfirmBody,
} from '../../../supabase/functions/appointments/handler.ts';
import { requestKeys } from './requests-api.ts';

export type HalfDay = 'matin' | 'apres-midi';

export const appointmentKeys = {
  load: (date: string, moment: HalfDay, requestId: string) =>
    [...requestKeys.all, 'half-day-load', date, moment, requestId] as const,
};

/** The statuses that hold a half-day: a cancelled or moved appointment frees it. */
export const HOLDING_STATUSES = ['rdv_confirme', 'vehicule_recu'] as const;

/** How full a half-day is: the other confirmed appointments, the capacity, whether it is open. */
export interface HalfDayLoad {
  booked: number;
  capacity: number;
  open: boolean;
}

async function content<T>(client: SupabaseClient, type: string): Promise<T | undefined> {
  const { data, error } = await client
    .from('site_content')
    .select('content')
    .eq('type', type)
    .maybeSingle();
  if (error) throw error;
  return (data?.content as T | undefined) ?? undefined;
}

/** The load of a half-day, without counting `requestId` itself (confirming it again is no more). */
export async function readHalfDayLoad(
  client: SupabaseClient,
  date: string,
  moment: HalfDay,
  requestId: string,
): Promise<HalfDayLoad> {
  const [count, appointments, hours] = await Promise.all([
    client
      .from('requests')
      .select('id', { count: 'exact', head: true })
      .eq('appointment_date', date)
      .eq('appointment_moment', moment)
      .in('status', [...HOLDING_STATUSES])
      .neq('id', requestId),
    content<AppointmentsContent>(client, 'appointments'),
    content<HoursContent>(client, 'hours'),
  ]);
  if (count.error) throw count.error;
  const capacity = (appointments ?? DEFAULT_CONTENT.appointments).capacity[dayKeyOf(date)][moment];
  return {
    booked: count.count ?? 0,
    capacity,
    open: isOpen(hours ?? DEFAULT_CONTENT.hours, date, moment),
  };
}

/** Why the function refused, in its own French words when it gave some. */
async function refusal(error: unknown): Promise<Error> {
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    const body = (await context.json().catch(() => null)) as { error?: string } | null;
    if (body?.error) return new Error(body.error);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Confirms the half-day and queues the customer's mail (the `appointments` function, for
 * administrators: docs/decisions/076-appointment-confirmation.md).
 */
export async function confirmAppointment(
  client: SupabaseClient,
  body: ConfirmBody,
): Promise<ConfirmAnswer> {
  const { data, error } = await client.functions.invoke<ConfirmAnswer>('appointments', { body });
  if (error) throw await refusal(error);
  return data!;
}
