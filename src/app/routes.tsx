import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../site/home/home-page.tsx';
import { PageLoading } from '../lib/page-loading.tsx';
import { preloadable } from '../lib/preloadable.ts';
import { normalizePath } from './hydration.ts';

// The back-office is only ever fetched on its own routes, so visitors never download it. All three
// come from one module, which Vite emits as one chunk.
const loadAdmin = () => import('../admin/index.ts');
const AdminRoot = lazy(() => loadAdmin().then((m) => ({ default: m.AdminRoot })));
const AdminLoginPage = lazy(() => loadAdmin().then((m) => ({ default: m.AdminLoginPage })));
const AdminArea = lazy(() => loadAdmin().then((m) => ({ default: m.AdminArea })));

// The other public pages come in chunks of their own, so that the home page, where most visits
// start, does not carry them. A server renders them once preloaded (preloadPage); a hydrating
// browser keeps the server's HTML until the chunk is there, and a link from the home page keeps
// showing the home page meanwhile (the router navigates in a transition).
const blogListPage = preloadable(() => import('../site/blog/blog-list-page.tsx'));
const articlePage = preloadable(() => import('../site/blog/article-page.tsx'));
const notFoundPage = preloadable(() => import('../site/not-found-page.tsx'));

function BlogListRoute() {
  const { BlogListPage } = blogListPage.useModule();
  return <BlogListPage />;
}

function ArticleRoute() {
  const { ArticlePage } = articlePage.useModule();
  return <ArticlePage />;
}

function NotFoundRoute() {
  const { NotFoundPage } = notFoundPage.useModule();
  return <NotFoundPage />;
}

/** Loads the code of the public page at `pathname`, for a server to render it in one pass. */
export function preloadPage(pathname: string): Promise<unknown> {
  const path = normalizePath(pathname);
  if (path === '/') return Promise.resolve();
  if (path === '/blog') return blogListPage.preload();
  return /^\/blog\/[^/]+$/.test(path) ? articlePage.preload() : notFoundPage.preload();
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/blog" element={<BlogListRoute />} />
        <Route path="/blog/:slug" element={<ArticleRoute />} />
        {/* A pathless layout keeps one auth state across the login page and the admin area. */}
        <Route element={<AdminRoot />}>
          <Route path="/admin-login" element={<AdminLoginPage />} />
          <Route path="/admin/*" element={<AdminArea />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}
