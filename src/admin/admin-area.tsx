import { Route, Routes } from 'react-router-dom';
import { SECTION_REGISTRY, type EditableSectionType } from '../site/sections/registry.ts';
import { RequireAuth } from './auth/require-auth.tsx';
import { AdminNotFoundPage } from './pages/admin-not-found-page.tsx';
import { AdminPlaceholderPage } from './pages/admin-placeholder-page.tsx';
import { SectionEditorPage } from './pages/section-editor-page.tsx';
import { AdminShell } from './shell/admin-shell.tsx';
import { ADMIN_PAGES } from './shell/nav-items.ts';

/** Every registered home section gets its editor route from its registry line. */
const SECTION_TYPES = Object.keys(SECTION_REGISTRY) as EditableSectionType[];
const EDITOR_PATHS = new Set(SECTION_TYPES.map((type) => SECTION_REGISTRY[type].editor.path));

/** Everything under /admin/*, behind the sign-in guard. */
export function AdminArea() {
  return (
    <RequireAuth>
      <Routes>
        <Route element={<AdminShell />}>
          {SECTION_TYPES.map((type) => (
            <Route
              key={type}
              path={SECTION_REGISTRY[type].editor.path}
              element={<SectionEditorPage type={type} />}
            />
          ))}
          {ADMIN_PAGES.filter((page) => !EDITOR_PATHS.has(page.path)).map((page) =>
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
