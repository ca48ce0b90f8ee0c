import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AdminArea } from './admin-area.tsx';
import { AdminRoot } from './admin-root.tsx';
import { AdminLoginPage } from './login/admin-login-page.tsx';

/**
 * The back-office on /admin-login and /admin/*, with its own router (react-router: nested
 * layouts, redirects, active links), which visitors never download. It is always entered by
 * loading one of its addresses, and leaves for the public site by loading one too.
 */
export function AdminApp() {
  return (
    <BrowserRouter>
      <Routes>
        {/* A pathless layout keeps one auth state across the login page and the admin area. */}
        <Route element={<AdminRoot />}>
          <Route path="/admin-login" element={<AdminLoginPage />} />
          <Route path="/admin/*" element={<AdminArea />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
