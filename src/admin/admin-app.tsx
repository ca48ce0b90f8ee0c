import { useState } from 'react';
import {
  createBrowserRouter,
  createRoutesFromElements,
  Route,
  RouterProvider,
} from 'react-router-dom';
import { AdminArea } from './admin-area.tsx';
import { AdminRoot } from './admin-root.tsx';
import { AdminRouteError } from './errors/route-error.tsx';

function createAdminRouter() {
  return createBrowserRouter(
    createRoutesFromElements(
      // Every admin page's failure, a page whose code failed to download included, ends here.
      <Route element={<AdminRoot />} errorElement={<AdminRouteError />}>
        <Route path="/admin/*" element={<AdminArea />} />
      </Route>,
    ),
  );
}

/**
 * The back-office on /admin/*, with its own router (react-router: nested layouts, redirects,
 * active links), which visitors never download. It is a data router, so that leaving a page with
 * unsaved changes can be asked about (docs/decisions/027-unsaved-changes.md). It is always entered
 * by loading one of its addresses, and leaves by loading one too: the public site, or
 * /admin-login, whose small page is not part of this chunk (src/admin/login/).
 */
export function AdminApp() {
  // One router for the page's life: the back-office is left by loading another page.
  const [router] = useState(createAdminRouter);
  return <RouterProvider router={router} />;
}
