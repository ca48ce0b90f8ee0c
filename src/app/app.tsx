import type { QueryClient } from '@tanstack/react-query';
import { AppErrorBoundary } from './error-boundary.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

interface AppProps {
  /** Lets a server renderer pass a prefilled client; the browser creates its own. */
  queryClient?: QueryClient;
}

/**
 * The whole app inside a router chosen by the caller (app/public-router.tsx): the browser's
 * address, or the requested path when the public pages are rendered on the server. Its styles
 * are the page's (src/main.tsx).
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
