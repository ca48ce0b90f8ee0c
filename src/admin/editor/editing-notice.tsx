import { formatParisClock } from '../../lib/dates-paris.ts';
import type { EditingRoom } from './use-editing-room.ts';

interface EditingNoticeProps {
  room: EditingRoom;
  /** What the owner typed here is not saved yet: reloading would replace it. */
  unsaved: boolean;
  /** Reads the stored content again into the form. */
  onReload?: () => void;
  /**
   * Moves the focus where the owner goes next once the box of another's save closed, its button
   * with it (docs/decisions/092-focus-follows-actions.md).
   */
  moveFocus: () => void;
}

/**
 * Says who else has this content open and since when, and offers to read it again when one of
 * them saved. Announced to screen readers (role=status); reloading over unsaved text says so
 * first and leaves the choice (docs/decisions/027-unsaved-changes.md).
 */
export function EditingNotice({ room, unsaved, onReload, moveFocus }: EditingNoticeProps) {
  const { others, savedElsewhere } = room;
  const choose = (action: () => void) => () => {
    action();
    moveFocus();
  };
  return (
    <div className="editing-notice" role="status">
      {others.length > 0 && (
        <div className="editing-notice__box">
          <p className="editing-notice__title">Quelqu'un d'autre modifie cette page</p>
          <ul className="editing-notice__list">
            {others.map((other) => (
              <li key={`${other.email}-${other.since}`}>
                {other.email || 'Un administrateur'}, depuis {formatParisClock(other.since)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {savedElsewhere && (
        <div className="editing-notice__box">
          <p className="editing-notice__title">
            {savedElsewhere.email || 'Un administrateur'} a enregistré cette page à{' '}
            {formatParisClock(savedElsewhere.at)}.
          </p>
          {unsaved && (
            <p>
              Vos modifications ne sont pas enregistrées : recharger les remplacerait par sa
              version.
            </p>
          )}
          <div className="editing-notice__actions">
            {onReload && (
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={choose(onReload)}
              >
                Recharger la version enregistrée
              </button>
            )}
            <button
              type="button"
              className="button button--small"
              onClick={choose(room.clearSavedElsewhere)}
            >
              {unsaved ? 'Garder mon texte' : 'Ignorer'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
