import { LoadingStatus } from './loading-status.tsx';

/** Shown while a page's code or data is on its way. */
export function PageLoading() {
  return <LoadingStatus className="page-loading" label="Chargement…" />;
}
