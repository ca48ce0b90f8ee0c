import { draftDate, type Draft } from './local-draft.ts';
import './draft-offer.css';

/** « Vous aviez des modifications non enregistrées (date). », with the two choices. */
export function DraftOffer<T>({
  draft,
  onRestore,
  onDismiss,
}: {
  draft: Draft<T>;
  onRestore(value: T): void;
  onDismiss(): void;
}) {
  const date = draftDate(draft.savedAt);
  return (
    <div className="draft-offer" role="status">
      <p className="draft-offer__text">
        Vous aviez des modifications non enregistrées{date ? ` (${date})` : ''}.
      </p>
      <div className="draft-offer__actions">
        <button
          type="button"
          className="button button--small"
          onClick={() => onRestore(draft.value)}
        >
          Reprendre mes modifications
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={onDismiss}
        >
          Les abandonner
        </button>
      </div>
    </div>
  );
}
