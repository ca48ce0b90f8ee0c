import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from './auth/require-auth.tsx';
import { AdminNotFoundPage } from './pages/admin-not-found-page.tsx';
import { AdminPlaceholderPage } from './pages/admin-placeholder-page.tsx';
import { AdminShell } from './shell/admin-shell.tsx';
import { ADMIN_PAGES } from './shell/nav-items.ts';

/** Everything under /admin/*, behind the sign-in guard. */
export function AdminArea() {
  return (
    <RequireAuth>
      <Routes>
        <Route element={<AdminShell />}>
          {ADMIN_PAGES.map((page) =>
            page.path ? (
              <Route
                key={page.path}
                path={page.path}
                element={<AdminPlaceholderPage title={page.title} />}
              />
            ) : (
              <Route key="index" index element={<AdminPlaceholderPage title={page.title} />} />
            ),
          )}
          <Route path="*" element={<AdminNotFoundPage />} />
        </Route>
      </Routes>
    </RequireAuth>
  );
}
