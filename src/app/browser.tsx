import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { App } from './app.tsx';
import { BrowserPathRouter } from './public-router.tsx';
import { readHydrationData, type HydrationData } from './hydration.ts';
import { createQueryClient } from './providers.tsx';
import { preloadDefaultContent } from '../content/api.ts';
import { rememberArrival } from '../site/request/arrival.ts';

/** The server's query cache, ready for a first render identical to the server's. */
function clientFrom(data: HydrationData): QueryClient {
  const client = createQueryClient();
  hydrate(client, data.state);
  // A settled error (a missing article) stays what the server showed, not a "loading" state.
  for (const query of data.state.queries) {
    if (query.state.status === 'error') {
      client.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
  }
  if (data.live) {
    // The server read this data for this very response: it is as fresh as a fetch would be.
    const now = Date.now();
    for (const query of client.getQueryCache().getAll()) {
      if (query.state.status === 'success') query.setState({ dataUpdatedAt: now });
    }
  }
  return client;
}

/** The site in the browser: hydrated from the server's page, or rendered from scratch. */
export function startSite(rootElement: HTMLElement): void {
  // Before any page shows the request form, which reads it.
  rememberArrival();
  const data = readHydrationData(document, window.location.pathname);
  if (data) {
    const client = clientFrom(data);
    hydrateRoot(
      rootElement,
      <StrictMode>
        <BrowserPathRouter>
          <App queryClient={client} />
        </BrowserPathRouter>
      </StrictMode>,
    );
    // A page prerendered at build time may be older than the content: refresh once it is shown.
    if (!data.live) {
      const refresh = () => void client.invalidateQueries();
      if (document.readyState === 'complete') refresh();
      else window.addEventListener('load', refresh, { once: true });
    }
  } else {
    // A static host may answer any path with a prerendered page: render this path from scratch,
    // once the content's defaults are at hand for the first render (a failed download leaves the
    // render to the error screen).
    const render = () => {
      rootElement.replaceChildren();
      createRoot(rootElement).render(
        <StrictMode>
          <BrowserPathRouter>
            <App />
          </BrowserPathRouter>
        </StrictMode>,
      );
    };
    preloadDefaultContent().then(render, render);
  }
}
