import type { User } from '@supabase/supabase-js';

/**
 * DESIGN.md decision 2: only users whose app_metadata.role is 'admin' (set by the server, never
 * by the user) may use the back-office. RLS enforces the same rule on every write.
 */
export function isAdminUser(user: User | null | undefined): boolean {
  return user?.app_metadata?.role === 'admin';
}
