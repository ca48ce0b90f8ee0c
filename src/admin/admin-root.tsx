import { Outlet } from 'react-router-dom';
import { AuthProvider } from './auth/auth-provider.tsx';
import './styles/admin.css';

/** Shared by /admin-login and /admin/*: one auth state, the admin styles, and no indexing. */
export function AdminRoot() {
  return (
    <AuthProvider>
      <meta name="robots" content="noindex" />
      <Outlet />
    </AuthProvider>
  );
}
