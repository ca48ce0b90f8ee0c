import type { QueryClient } from '@tanstack/react-query';
import { AppErrorBoundary } from './error-boundary.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes.tsx';
import '../site/styles/base.css';
import '../site/styles/site.css';
// The blog's code comes on demand (routes.tsx), its styles with the page: a server-rendered blog
// page is styled before any script runs.
import '../site/blog/blog.css';

interface AppProps {
  /** Lets a server renderer pass a prefilled client; the browser creates its own. */
  queryClient?: QueryClient;
}

/**
 * The whole app inside a router chosen by the caller (app/public-router.tsx): the browser's
 * address, or the requested path when the public pages are rendered on the server.
 */
export function App({ queryClient }: AppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <AppErrorBoundary>
        <AppRoutes />
      </AppErrorBoundary>
    </AppProviders>
  );
}
