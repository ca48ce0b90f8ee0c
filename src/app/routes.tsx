import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../site/home/home-page.tsx';
import { BlogListPage } from '../site/blog/blog-list-page.tsx';
import { ArticlePage } from '../site/blog/article-page.tsx';
import { NotFoundPage } from '../site/not-found-page.tsx';
import { PageLoading } from '../lib/page-loading.tsx';

// The back-office is only ever fetched on its own routes, so visitors never download it. All three
// come from one module, which Vite emits as one chunk.
const loadAdmin = () => import('../admin/index.ts');
const AdminRoot = lazy(() => loadAdmin().then((m) => ({ default: m.AdminRoot })));
const AdminLoginPage = lazy(() => loadAdmin().then((m) => ({ default: m.AdminLoginPage })));
const AdminArea = lazy(() => loadAdmin().then((m) => ({ default: m.AdminArea })));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/blog" element={<BlogListPage />} />
        <Route path="/blog/:slug" element={<ArticlePage />} />
        {/* A pathless layout keeps one auth state across the login page and the admin area. */}
        <Route element={<AdminRoot />}>
          <Route path="/admin-login" element={<AdminLoginPage />} />
          <Route path="/admin/*" element={<AdminArea />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
