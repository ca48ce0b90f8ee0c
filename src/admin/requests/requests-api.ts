import type { SupabaseClient } from '@supabase/supabase-js';
import type { MailSettings, RequestMail, RequestStatus, StatusFilter } from './requests-model.ts';
import {
  visibleRequest,
  type RequestRow,
} from '../../../supabase/functions/_shared/request-mails.ts';

/** Requests per page of the inbox. */
export const REQUESTS_PAGE_SIZE = 25;

export const requestKeys = {
  all: ['admin', 'requests'] as const,
  list: (filter: StatusFilter, page: number) => [...requestKeys.all, 'list', filter, page] as const,
  newCount: () => [...requestKeys.all, 'new-count'] as const,
  detail: (id: string) => [...requestKeys.all, 'detail', id] as const,
  mailSettings: ['admin', 'request-mail-settings'] as const,
  garageName: ['admin', 'garage-name'] as const,
};

/** A row of the inbox (public.request_inbox). */
export interface InboxRow {
  id: string;
  created_at: string;
  name: string;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_year: number;
  service: string;
  status: RequestStatus;
  /** One of its mails was given up. */
  mail_failed: boolean;
  /** When the reminder of the day before was queued; null if not reminded. */
  reminded_at: string | null;
  /** Where that reminder's mail stands. */
  reminder_status: RequestMail['status'] | null;
}

export interface InboxPage {
  rows: InboxRow[];
  page: number;
  hasMore: boolean;
}

/** One page, newest first: one more row than a page is read, to know whether another follows. */
export async function listRequests(
  client: SupabaseClient,
  filter: StatusFilter,
  page: number,
): Promise<InboxPage> {
  const from = (page - 1) * REQUESTS_PAGE_SIZE;
  let query = client
    .from('request_inbox')
    .select('*')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + REQUESTS_PAGE_SIZE);
  if (filter !== 'toutes') query = query.eq('status', filter);
  const { data, error } = await query;
  if (error) throw error;
  // Control characters and direction overrides are never shown (an older request may hold some).
  const rows = ((data ?? []) as InboxRow[]).map(visibleRequest);
  return {
    rows: rows.slice(0, REQUESTS_PAGE_SIZE),
    page,
    hasMore: rows.length > REQUESTS_PAGE_SIZE,
  };
}

/** How many requests are new (the partial index on new requests answers it). */
export async function countNewRequests(client: SupabaseClient): Promise<number> {
  const { count, error } = await client
    .from('requests')
    .select('id', { count: 'exact', head: true })
    .eq('status', 'nouvelle');
  if (error) throw error;
  return count ?? 0;
}

/**
 * A request as the detail view shows it (public.requests): what the visitor sent, and the owner's
 * status and note.
 */
export interface RequestDetail extends RequestRow {
  status: RequestStatus;
  note: string | null;
  /** When the reminder of the day before was queued (docs/decisions/077-reminders.md). */
  reminded_at: string | null;
  /** The confirmed half-day (docs/decisions/074-appointments-foundation.md), when there is one. */
  appointment_date?: string | null;
  appointment_moment?: 'matin' | 'apres-midi' | null;
  appointment_time?: string | null;
  appointment_note?: string | null;
  confirmed_at?: string | null;
  mails: RequestMail[];
}

/** The request and its mails (two queries: the API has no embedded selects); null if gone. */
export async function readRequest(
  client: SupabaseClient,
  id: string,
): Promise<RequestDetail | null> {
  const [request, mails] = await Promise.all([
    client.from('requests').select('*').eq('id', id).maybeSingle(),
    client
      .from('request_mails')
      .select(
        'kind, status, attempts, last_error, sent_at, next_attempt_at, subject, body, created_at',
      )
      .eq('request_id', id)
      .order('id'),
  ]);
  if (request.error) throw request.error;
  if (mails.error) throw mails.error;
  if (!request.data) return null;
  const row = visibleRequest(request.data as Omit<RequestDetail, 'mails'>);
  return { ...row, mails: mails.data as RequestMail[] };
}

/** Changes a request's status or note; throws when no row was changed (gone, or refused). */
export async function updateRequest(
  client: SupabaseClient,
  id: string,
  change: { status: RequestStatus } | { note: string },
): Promise<void> {
  const { data, error } = await client.from('requests').update(change).eq('id', id).select('id');
  if (error) throw error;
  if (!data?.length) throw Object.assign(new Error('Demande introuvable'), { code: 'PGRST116' });
}

export async function deleteRequest(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.from('requests').delete().eq('id', id);
  if (error) throw error;
}

/** Whether the server can send mail (the request-mails function, on both backends). */
export async function readMailSettings(client: SupabaseClient): Promise<MailSettings> {
  const { data, error } = await client.functions.invoke<MailSettings>('request-mails', {
    method: 'GET',
  });
  // Not deployed (hosted Supabase): nothing sends the mails, so notifications are off.
  if ((error as { context?: { status?: number } } | null)?.context?.status === 404)
    return { smtp: false, notifyEmail: false };
  if (error) throw error;
  return { smtp: Boolean(data?.smtp), notifyEmail: Boolean(data?.notifyEmail) };
}

/** The garage's name (identity), for the reply's subject; empty if not set. */
export async function readGarageName(client: SupabaseClient): Promise<string> {
  const { data, error } = await client
    .from('site_content')
    .select('content')
    .eq('type', 'identity')
    .maybeSingle();
  if (error) throw error;
  const name = (data?.content as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : '';
}
