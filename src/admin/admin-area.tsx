import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../lib/page-loading.tsx';
import { EDITABLE_SECTION_TYPES, sectionEditor } from '../content/section-types.ts';
import { RequireAuth } from './auth/require-auth.tsx';
import { AdminNotFoundPage } from './pages/admin-not-found-page.tsx';
import { AdminPlaceholderPage } from './pages/admin-placeholder-page.tsx';
import { PhonePreviewPage } from './pages/phone-preview-page.tsx';
import { SectionEditorPage } from './pages/section-editor-page.tsx';
import { AdminShell } from './shell/admin-shell.tsx';
import { ADMIN_PAGES } from './shell/nav-items.ts';
import { SectionsPage } from './sections/sections-page.tsx';
import { AlertPage } from './alert/alert-page.tsx';
import { ModalPage } from './modal/modal-page.tsx';
import { BlogPage } from './blog/blog-page.tsx';
import { IdentityPage } from './identity/identity-page.tsx';
import { LegalPanel } from './legal/legal-panel.tsx';
import { MediaPage } from './media/media-page.tsx';
import { AccountPage } from './account/account-page.tsx';
import { RequestDetailPage } from './requests/request-detail-page.tsx';
import { RequestsPage } from './requests/requests-page.tsx';

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
  legal: LegalPanel,
  blog: BlogPage,
  medias: MediaPage,
  demandes: RequestsPage,
  stats: StatsPage,
  compte: AccountPage,
};

/** Every home section type with content of its own gets its editor route from its schema. */
const EDITOR_PATHS = new Set(EDITABLE_SECTION_TYPES.map((type) => sectionEditor(type).path));

/** Everything under /admin/*, behind the sign-in guard. */
export function AdminArea() {
  return (
    <RequireAuth>
      <Routes>
        {/* A phone shows the section alone, without the back-office's frame. */}
        <Route path="apercu/:type" element={<PhonePreviewPage />} />
        <Route element={<AdminShell />}>
          {EDITABLE_SECTION_TYPES.map((type) => (
            <Route
              key={type}
              path={sectionEditor(type).path}
              element={<SectionEditorPage type={type} />}
            />
          ))}
          {ADMIN_PAGES.filter((page) => !EDITOR_PATHS.has(page.path)).map((page) => {
            const Panel = PANELS[page.path];
            const element = Panel ? (
              <Suspense fallback={<PageLoading />}>
                <Panel />
              </Suspense>
            ) : (
              <AdminPlaceholderPage title={page.title} />
            );
            return page.path ? (
              <Route key={page.path} path={page.path} element={element} />
            ) : (
              <Route key="index" index element={element} />
            );
          })}
          <Route path="demandes/:id" element={<RequestDetailPage />} />
          <Route path="*" element={<AdminNotFoundPage />} />
        </Route>
      </Routes>
    </RequireAuth>
  );
}
