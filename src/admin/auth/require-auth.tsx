import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoading } from '../../lib/page-loading.tsx';
import { useAuth } from './auth-context.ts';

/** Spec §2: anyone not authenticated is sent to /admin-login, replacing the history entry. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageLoading />;
  if (status === 'signed-out') return <Navigate to="/admin-login" replace />;
  return children;
}
