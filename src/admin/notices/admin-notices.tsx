import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useSupabase } from '../client/client-context.tsx';
import { Message } from '../../lib/message/message.tsx';
import { MAIN_ID } from '../shell/main-id.ts';

/** What the system tells the owner once, until dismissed (public.admin_notices, administrators only). */
export interface AdminNotice {
  id: string;
  message: string;
}

export const adminNoticeKeys = { all: ['admin_notices'] as const };

export async function fetchAdminNotices(supabase: SupabaseClient | null): Promise<AdminNotice[]> {
  if (!supabase) return [];
  const { data, error } = await supabase
    .from('admin_notices')
    .select('id, message')
    .order('created_at')
    .limit(20);
  if (error) throw error;
  return data as AdminNotice[];
}

export async function dismissAdminNotice(
  supabase: SupabaseClient | null,
  id: string,
): Promise<void> {
  if (!supabase) return;
  const { error } = await supabase.from('admin_notices').delete().eq('id', id);
  if (error) throw error;
}

/**
 * The notices at the top of every back-office page, each with « J'ai compris », which removes it
 * for good (docs/decisions/057-one-garage-identity.md). Silent while reading or when unreadable.
 */
export function AdminNotices() {
  const client = useQueryClient();
  const supabase = useSupabase();
  const notices = useQuery({
    queryKey: adminNoticeKeys.all,
    queryFn: () => fetchAdminNotices(supabase),
    staleTime: Infinity,
    retry: false,
  });
  const dismiss = useMutation({
    mutationFn: (id: string) => dismissAdminNotice(supabase, id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: adminNoticeKeys.all });
      // The notice went with the focus on its button: the focus moves to the page it sat on.
      requestAnimationFrame(() => document.getElementById(MAIN_ID)?.focus());
    },
  });
  if (!notices.data?.length) return null;
  return (
    <>
      {notices.data.map((notice) => (
        <Message key={notice.id} kind="warning" as="div">
          <p>{notice.message}</p>
          <button
            type="button"
            className="button button--small"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate(notice.id)}
          >
            J&apos;ai compris
          </button>
          {dismiss.isError && (
            <Message kind="error">Le message n&apos;a pas pu être masqué : réessayez.</Message>
          )}
        </Message>
      ))}
    </>
  );
}
