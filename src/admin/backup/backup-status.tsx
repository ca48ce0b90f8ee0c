import { useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useSupabase } from '../client/client-context.tsx';
import { Message } from '../../lib/message/message.tsx';
import { BACKUP_STATUS_ERROR, backupStatus, type LastBackup } from './backup-status-model.ts';

async function fetchLastBackup(client: SupabaseClient): Promise<LastBackup | null> {
  const { data, error } = await client.rpc('last_backup');
  if (error) throw error;
  return (data as LastBackup | null) ?? null;
}

/** One line under the navigation: when the site was last saved, on every back-office page. */
export function BackupStatusLine() {
  const client = useSupabase();
  const last = useQuery({
    queryKey: ['admin', 'last-backup'],
    queryFn: () => fetchLastBackup(client!),
    enabled: Boolean(client),
    // Read once per visit of the back-office, and again when the tab comes back after a while.
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
  if (!client) return null;

  if (last.isPending) {
    return (
      <p className="backup-status" aria-busy="true">
        Dernière sauvegarde : …
      </p>
    );
  }
  if (last.isError) return <p className="backup-status">{BACKUP_STATUS_ERROR}</p>;
  const status = backupStatus(last.data, new Date());
  // Late backups are a problem to act on; otherwise the line is read with the menu, not announced.
  if (status.kind === 'stale') {
    return (
      <Message kind="error" className="backup-status backup-status--stale">
        {status.text}
      </Message>
    );
  }
  return <p className={`backup-status backup-status--${status.kind}`}>{status.text}</p>;
}
