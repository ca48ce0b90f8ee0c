import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Site content changes rarely; refetching on every focus would only cost visitors data.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: 1,
      },
    },
  });
}

interface AppProvidersProps {
  queryClient?: QueryClient | undefined;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  // One client per app instance, so that server renders never share a cache between requests.
  const [client] = useState(() => queryClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
