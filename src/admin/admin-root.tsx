import { Outlet } from 'react-router-dom';
import { AuthProvider } from './auth/auth-provider.tsx';
import { AppClientProvider } from './client/app-client-provider.tsx';
import './styles/forms.css';
import './styles/admin.css';

/** The admin area's frame: its client, its auth state, its styles, and no indexing. */
export function AdminRoot() {
  return (
    <AppClientProvider>
      <AuthProvider>
        <meta name="robots" content="noindex" />
        <Outlet />
      </AuthProvider>
    </AppClientProvider>
  );
}
