import type { ReactNode } from 'react';
import { supabase } from '../../lib/supabase.ts';
import { SupabaseProvider } from './client-context.tsx';

/**
 * The back-office's one client, given to everything under the admin root. This is the only file
 * of src/admin that imports it (eslint.config.js; docs/decisions/083-one-client-in-the-back-office.md).
 */
export function AppClientProvider({ children }: { children: ReactNode }) {
  return <SupabaseProvider client={supabase}>{children}</SupabaseProvider>;
}
