import './page-step.css';

/**
 * « Page précédente » or « Page suivante » of a paginated list. `aria-disabled` rather than
 * `disabled` at the first or last page: a disabled button would drop the focus of the keyboard
 * that just reached it.
 */
export function PageStep({
  label,
  blocked,
  onStep,
}: {
  label: 'Page précédente' | 'Page suivante';
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
