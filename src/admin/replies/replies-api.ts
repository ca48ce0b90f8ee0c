import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { parseContent } from '../../content/content.ts';
import type { RepliesContent } from '../../content/generated/types.ts';
import { requestKeys } from '../requests/index.ts';

export const replyKeys = {
  setup: ['admin', 'reply-setup'] as const,
};

/** What a reply is made from: the templates and the garage's name and phone (identity). */
export interface ReplySetup {
  templates: RepliesContent['templates'];
  garage: { name: string; phone: string };
}

export async function readReplySetup(client: SupabaseClient): Promise<ReplySetup> {
  const { data, error } = await client
    .from('site_content')
    .select('type, content')
    .in('type', ['replies', 'identity']);
  if (error) throw error;
  const raw = (type: string) => data?.find((row) => row.type === type)?.content;
  const identity = parseContent('identity', raw('identity'));
  return {
    templates: parseContent('replies', raw('replies')).templates,
    garage: { name: identity.name, phone: identity.phone },
  };
}

/** How the sending ended: queued and handed to the queue, or queued only (it will go later). */
export type ReplyOutcome = 'sent' | 'queued';

/**
 * Queues the reply through the database (administrators only, bounded, limited per
 * administrator), then asks the queue to send now. A failure of that last call loses nothing: the
 * mail waits in the queue, which tries again.
 */
export async function sendReply(
  client: SupabaseClient,
  reply: { requestId: string; subject: string; body: string },
): Promise<ReplyOutcome> {
  const { error } = await client.rpc('queue_reply', {
    request_id: reply.requestId,
    subject: reply.subject,
    body: reply.body,
  });
  if (error) throw error;
  const kicked = await client.functions.invoke('request-mails', { method: 'POST', body: {} });
  return kicked.error ? 'queued' : 'sent';
}

export function useReplySetup(client: SupabaseClient) {
  return useQuery({
    queryKey: replyKeys.setup,
    queryFn: () => readReplySetup(client),
    staleTime: 60_000,
    retry: false,
  });
}

/** Sends a reply; the request (its mails) is read again after, whatever happened. */
export function useSendReply(client: SupabaseClient, requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: { subject: string; body: string }) =>
      sendReply(client, { requestId, ...reply }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.detail(requestId) }),
  });
}
