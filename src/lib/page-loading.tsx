/** Shown while a page's code or data is on its way. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Chargement…</span>
    </div>
  );
}
