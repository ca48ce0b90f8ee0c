import { useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../client/client-context.tsx';
import { useLiveTable } from '../realtime/use-live-table.ts';
import { requestKeys } from './requests-api.ts';

/**
 * Keeps every view of the requests current while the back-office is open: a request sent from
 * the site, or handled in another tab, refreshes the inbox, the navigation's badge, the home
 * page's count and the tab's title, with no reload. Renders nothing.
 */
export function LiveRequests() {
  const queryClient = useQueryClient();
  const client = useSupabase();
  useLiveTable(client, 'requests', () => {
    void queryClient.invalidateQueries({ queryKey: requestKeys.all });
  });
  return null;
}
