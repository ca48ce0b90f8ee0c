import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from '../../app/error-screen.tsx';
import { reloadForStaleChunk, shouldReloadFor } from '../../app/stale-chunk.ts';

/**
 * The back-office router's error element: without one, react-router shows its English developer
 * page. A page's code that failed to download reloads the page once (src/app/stale-chunk.ts);
 * any other error shows the site's French error screen.
 */
export function AdminRouteError() {
  const error = useRouteError();
  const [reloading] = useState(() => shouldReloadFor(error));
  useEffect(() => {
    if (reloading) reloadForStaleChunk();
    else console.error('Erreur de rendu', error);
  }, [error, reloading]);
  return reloading ? null : <ErrorScreen />;
}
