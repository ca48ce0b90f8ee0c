/** A spinner that screen readers announce with its French label. */
export function LoadingStatus({ label, className }: { label: string; className: string }) {
  return (
    <div className={className} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
