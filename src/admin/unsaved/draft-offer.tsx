import { useRef } from 'react';
import { focusFormSoon } from '../editor/first-field.ts';
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
  const offer = useRef<HTMLDivElement>(null);
  // The offer goes away with the focus on the button pressed: the focus moves to the first field
  // of the form beside it.
  const choose = (action: () => void) => {
    const editor = offer.current?.parentElement;
    action();
    focusFormSoon(editor);
  };
  return (
    <div ref={offer} className="draft-offer" role="status">
      <p className="draft-offer__text">
        Vous aviez des modifications non enregistrées{date ? ` (${date})` : ''}.
      </p>
      <div className="draft-offer__actions">
        <button
          type="button"
          className="button button--small"
          onClick={() => choose(() => onRestore(draft.value))}
        >
          Reprendre mes modifications
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => choose(onDismiss)}
        >
          Les abandonner
        </button>
      </div>
    </div>
  );
}
