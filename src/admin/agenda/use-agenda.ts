import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { agendaKeys, readAgendaDay, readAgendaWeek } from './agenda-api.ts';

export function useAgendaWeek(client: SupabaseClient, monday: string) {
  return useQuery({
    queryKey: agendaKeys.week(monday),
    queryFn: () => readAgendaWeek(client, monday),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

export function useAgendaDay(client: SupabaseClient, date: string) {
  return useQuery({
    queryKey: agendaKeys.day(date),
    queryFn: () => readAgendaDay(client, date),
    staleTime: 0,
    retry: false,
  });
}
