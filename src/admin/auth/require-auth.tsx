import { useEffect, type ReactNode } from 'react';
import { PageLoading } from '../../lib/page-loading.tsx';
import { useAuth } from './auth-context.ts';
import { leaveForLogin } from './leave-for-login.ts';

/**
 * Anyone not authenticated is sent to /admin-login, replacing the history entry. The
 * login page is not part of the back-office's code: it is loaded as a page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  useEffect(() => {
    if (status === 'signed-out') leaveForLogin();
  }, [status]);
  return status === 'signed-in' ? children : <PageLoading />;
}
