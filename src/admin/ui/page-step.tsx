import './page-step.css';

/**
 * A step back or forward in a paginated list (« Page précédente », « Page suivante »). `aria-disabled` rather than
 * `disabled` at the first or last page: a disabled button would drop the focus of the keyboard
 * that just reached it.
 */
export function PageStep({
  label,
  blocked,
  onStep,
}: {
  /** « Page précédente », « Photos suivantes »… */
  label: string;
  blocked: boolean;
  onStep: () => void;
}) {
  return (
    <button
      type="button"
      className="button button--small button--secondary page-step"
      aria-disabled={blocked}
      onClick={() => {
        if (!blocked) onStep();
      }}
    >
      {label}
    </button>
  );
}
