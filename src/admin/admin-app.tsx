import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AdminArea } from './admin-area.tsx';
import { AdminRoot } from './admin-root.tsx';

/**
 * The back-office on /admin/*, with its own router (react-router: nested layouts, redirects,
 * active links), which visitors never download. It is always entered by loading one of its
 * addresses, and leaves by loading one too: the public site, or /admin-login, whose small page
 * is not part of this chunk (src/admin/login/).
 */
export function AdminApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AdminRoot />}>
          <Route path="/admin/*" element={<AdminArea />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
