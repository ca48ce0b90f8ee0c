import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage } from '../site/home/home-page.tsx';
import { LEGAL_PAGES, legalPageAt, type LegalPage } from '../site/legal/legal-pages.ts';
import { LINK_PAGE_PATH } from '../site/appointment-link/link-path.ts';
import { REQUEST_FORM_PATH } from '../site/request/request-route.ts';
import { PageLoading } from '../lib/page-loading.tsx';
import { preloadable } from '../lib/preloadable.ts';
import { ADMIN_PATHS } from './client-paths.ts';
import { normalizePath } from './hydration.ts';

// The back-office is only ever fetched on its own routes, so visitors never download it: one
// module, which Vite emits as one chunk, with its own router. Its login page is not part of it
// (src/main.tsx).
const AdminApp = lazy(() => import('../admin/index.ts').then((m) => ({ default: m.AdminApp })));

// The other public pages come in chunks of their own, so that the home page, where most visits
// start, does not carry them. A server renders them once preloaded (preloadPage); a hydrating
// browser keeps the server's HTML until the chunk is there, and a link from the home page keeps
// showing the home page meanwhile (the router navigates in a transition).
const blogListPage = preloadable(() => import('../site/blog/blog-list-page.tsx'));
const articlePage = preloadable(() => import('../site/blog/article-page.tsx'));
const notFoundPage = preloadable(() => import('../site/not-found-page.tsx'));
const legalPage = preloadable(() => import('../site/legal/legal-page.tsx'));
const requestPage = preloadable(() => import('../site/request/request-page.tsx'));
// The customer's appointment link, for a static host: the self-hosted server answers it itself
// (server/appointments/), with a page of plain forms that loads no script.
const appointmentLinkPage = preloadable(
  () => import('../site/appointment-link/appointment-link-page.tsx'),
);

function BlogListRoute() {
  const { BlogListPage } = blogListPage.useModule();
  return <BlogListPage />;
}

function ArticleRoute() {
  const { ArticlePage } = articlePage.useModule();
  return <ArticlePage />;
}

function LegalRoute({ page }: { page: LegalPage }) {
  const { LegalPageView } = legalPage.useModule();
  return <LegalPageView page={page} />;
}

function RequestRoute() {
  const { RequestPage } = requestPage.useModule();
  return <RequestPage />;
}

function AppointmentLinkRoute() {
  const { AppointmentLinkPage } = appointmentLinkPage.useModule();
  return <AppointmentLinkPage />;
}

function NotFoundRoute() {
  const { NotFoundPage } = notFoundPage.useModule();
  return <NotFoundPage />;
}

/** Loads the code of the public page at `pathname`, for a server to render it in one pass. */
export function preloadPage(pathname: string): Promise<unknown> {
  const path = normalizePath(pathname);
  if (path === '/') return Promise.resolve();
  if (path === '/blog' || /^\/blog\/page\/[^/]+$/.test(path)) return blogListPage.preload();
  if (legalPageAt(path)) return legalPage.preload();
  if (path === REQUEST_FORM_PATH) return requestPage.preload();
  if (path === LINK_PAGE_PATH) return appointmentLinkPage.preload();
  return /^\/blog\/[^/]+$/.test(path) ? articlePage.preload() : notFoundPage.preload();
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/blog" component={BlogListRoute} />
        <Route path="/blog/page/:number" component={BlogListRoute} />
        <Route path="/blog/:slug" component={ArticleRoute} />
        {LEGAL_PAGES.map((page) => (
          <Route key={page.path} path={page.path}>
            <LegalRoute page={page} />
          </Route>
        ))}
        <Route path={REQUEST_FORM_PATH} component={RequestRoute} />
        <Route path={LINK_PAGE_PATH} component={AppointmentLinkRoute} />
        <Route path={ADMIN_PATHS} component={AdminApp} />
        <Route component={NotFoundRoute} />
      </Switch>
    </Suspense>
  );
}
