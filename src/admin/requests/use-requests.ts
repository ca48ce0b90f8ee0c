import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  countNewRequests,
  deleteRequest,
  listRequests,
  readGarageName,
  readMailSettings,
  readRequest,
  requestKeys,
  updateRequest,
} from './requests-api.ts';
import type { RequestStatus, StatusFilter } from './requests-model.ts';

/** How often the new requests' count is read again while the back-office stays open. */
const NEW_COUNT_REFRESH_MS = 60_000;

export function useInboxQuery(client: SupabaseClient, filter: StatusFilter, page: number) {
  return useQuery({
    queryKey: requestKeys.list(filter, page),
    queryFn: () => listRequests(client, filter, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/** The count of new requests: the side navigation's badge and the home page's summary. */
export function useNewRequestCount(client: SupabaseClient | null) {
  return useQuery({
    queryKey: requestKeys.newCount(),
    queryFn: () => countNewRequests(client!),
    enabled: client !== null,
    refetchInterval: NEW_COUNT_REFRESH_MS,
    retry: false,
  });
}

export function useRequestDetail(client: SupabaseClient, id: string) {
  return useQuery({
    queryKey: requestKeys.detail(id),
    queryFn: () => readRequest(client, id),
    staleTime: 0,
    retry: false,
  });
}

export function useMailSettings(client: SupabaseClient) {
  return useQuery({
    queryKey: requestKeys.mailSettings,
    queryFn: () => readMailSettings(client),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useGarageName(client: SupabaseClient) {
  return useQuery({
    queryKey: requestKeys.garageName,
    queryFn: () => readGarageName(client),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Status or note; every request query is read again after (the badge, the lists, the detail). */
export function useUpdateRequest(client: SupabaseClient, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { status: RequestStatus } | { note: string }) =>
      updateRequest(client, id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export function useDeleteRequest(client: SupabaseClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteRequest(client, id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: requestKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
  });
}
