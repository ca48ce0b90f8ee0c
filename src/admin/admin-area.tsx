import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../lib/page-loading.tsx';
import { ADMIN_ROUTES, type AdminRoute } from './shell/admin-routes.ts';
import { RequireAuth } from './auth/require-auth.tsx';
import { AdminNotFoundPage } from './pages/admin-not-found-page.tsx';
import { AdminPlaceholderPage } from './pages/admin-placeholder-page.tsx';
import { PhonePreviewPage } from './pages/phone-preview-page.tsx';
import { SectionEditorPage } from './pages/section-editor-page.tsx';
import { AdminShell } from './shell/admin-shell.tsx';
import { SectionsPage } from './sections/sections-page.tsx';
import { AlertPage } from './alert/alert-page.tsx';
import { ModalPage } from './modal/modal-page.tsx';
import { BlogPage } from './blog/blog-page.tsx';
import { ContactPage } from './contact/contact-page.tsx';
import { IdentityPage } from './identity/identity-page.tsx';
import { AppointmentsPage } from './appointments/appointments-page.tsx';
import { ThemePage } from './theme/theme-page.tsx';
import { LegalPanel } from './legal/legal-panel.tsx';
import { MediaPage } from './media/media-page.tsx';
import { AccountPage } from './account/account-page.tsx';
import { GarageSetupPage } from './garage-setup/garage-setup-page.tsx';
import { RequestDetailPage } from './requests/request-detail-page.tsx';
import { RequestsPage } from './requests/requests-page.tsx';
import { RepliesPage } from './replies/replies-page.tsx';
import { AgendaPage } from './agenda/agenda-page.tsx';
import { DaySheetPage } from './agenda/day-sheet-page.tsx';

// ECharts is large: only the statistics page loads it.
const StatsPage = lazy(() =>
  import('./stats/stats-page.tsx').then((m) => ({ default: m.StatsPage })),
);

/** The panels that are not section editors, by path under /admin ('' is /admin itself). */
const PANELS: Record<string, ComponentType> = {
  '': SectionsPage,
  alert: AlertPage,
  modal: ModalPage,
  identity: IdentityPage,
  theme: ThemePage,
  legal: LegalPanel,
  blog: BlogPage,
  medias: MediaPage,
  demandes: RequestsPage,
  appointments: AppointmentsPage,
  'modeles-reponse': RepliesPage,
  agenda: AgendaPage,
  stats: StatsPage,
  compte: AccountPage,
  'mon-garage': GarageSetupPage,
};

function routeElement(route: AdminRoute) {
  switch (route.kind) {
    case 'section-editor':
      // The contact details are the identity's, copied by the database: nothing to type there.
      return route.type === 'contact' ? <ContactPage /> : <SectionEditorPage type={route.type} />;
    case 'panel': {
      const Panel = PANELS[route.path];
      return Panel ? (
        <Suspense fallback={<PageLoading />}>
          <Panel />
        </Suspense>
      ) : (
        <AdminPlaceholderPage title={route.page.title} />
      );
    }
    case 'request':
      return <RequestDetailPage />;
    case 'not-found':
      return <AdminNotFoundPage />;
  }
}

/** Everything under /admin/*, behind the sign-in guard: the routes of ADMIN_ROUTES. */
export function AdminArea() {
  return (
    <RequireAuth>
      <Routes>
        {/* A phone shows the section alone, without the back-office's frame. */}
        <Route path="apercu/:type" element={<PhonePreviewPage />} />
        {/* The workshop's day sheet prints alone, without the back-office's frame. */}
        <Route path="agenda/jour/:date" element={<DaySheetPage />} />
        <Route element={<AdminShell />}>
          {ADMIN_ROUTES.map((route) =>
            route.path ? (
              <Route key={route.path} path={route.path} element={routeElement(route)} />
            ) : (
              <Route key="index" index element={routeElement(route)} />
            ),
          )}
        </Route>
      </Routes>
    </RequireAuth>
  );
}
