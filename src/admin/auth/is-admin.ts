import type { User } from '@supabase/supabase-js';

/**
 * Only users whose app_metadata.role is 'admin' (set by the server, never by the user) may use
 * the back-office (docs/decisions/002-secrets.md). RLS enforces the same rule on every write.
 */
export function isAdminUser(user: User | null | undefined): boolean {
  return user?.app_metadata?.role === 'admin';
}
