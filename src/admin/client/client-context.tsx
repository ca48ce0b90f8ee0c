import { createContext, useContext, type ReactNode } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';

// `undefined` outside any provider; `null` for a site built without a backend.
const ClientContext = createContext<SupabaseClient | null | undefined>(undefined);

/**
 * Gives the back-office's components and hooks their supabase-js client: the app's one at the
 * admin root (./app-client-provider.tsx), the test server's in a test. `null` when the site has no
 * backend configured: screens then say so (docs/decisions/017-missing-configuration.md).
 */
export function SupabaseProvider({
  client,
  children,
}: {
  client: SupabaseClient | null;
  children: ReactNode;
}) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

/**
 * The back-office's client (docs/decisions/083-one-client-in-the-back-office.md). API helper
 * modules do not call this: they take the client as a parameter from the component or hook that
 * does.
 */
export function useSupabase(): SupabaseClient | null {
  const client = useContext(ClientContext);
  if (client === undefined) throw new Error('useSupabase must be used inside <SupabaseProvider>.');
  return client;
}
