/** A spinner that screen readers announce with its French label. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <div className="blog-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
