import './popup.css';
import type { ModalContent } from '../../content/generated/types.ts';

interface PopupCardProps {
  popup: Pick<ModalContent, 'title' | 'message'>;
  /** The id of the heading, for the dialog's aria-labelledby. */
  titleId?: string;
  /** The X and 'Fermer' buttons; the admin preview may leave them out. */
  onClose?: () => void;
}

/**
 * The pop-up's box: title, message and its two close buttons. The public dialog frames it with a
 * backdrop and focus handling; the admin panel previews it as is.
 */
export function PopupCard({ popup, titleId, onClose }: PopupCardProps) {
  return (
    <div className="popup-card">
      {onClose && (
        <button
          type="button"
          className="popup-card__x"
          aria-label="Fermer la fenêtre"
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
      {popup.title.trim() !== '' && (
        <h2 id={titleId} className="popup-card__title">
          {popup.title}
        </h2>
      )}
      <p className="popup-card__message prose-lines">{popup.message}</p>
      {onClose && (
        <div className="popup-card__actions">
          <button type="button" className="button" onClick={onClose}>
            Fermer
          </button>
        </div>
      )}
    </div>
  );
}
