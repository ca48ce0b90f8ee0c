import { useEffect, useId, useRef, type ReactNode } from 'react';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  /** Without it, the dialog only informs (a refusal): its one button closes it. */
  confirmLabel?: string;
  onConfirm?: () => void;
  onCancel: () => void;
  /** The harmless button's label, 'Annuler' unless given. */
  cancelLabel?: string;
}

/**
 * A confirmation before a destructive action, in a native modal `<dialog>`: the rest of the page
 * is inert and Escape cancels. Focus starts on 'Annuler' (or `cancelLabel`), the harmless choice, and goes back
 * where it was once the dialog is gone. Render it only while the confirmation is asked.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  cancelLabel = 'Annuler',
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const box = dialog.current;
    if (!box) return;
    const previous = document.activeElement;
    if (!box.open) {
      if (typeof box.showModal === 'function') box.showModal();
      else box.setAttribute('open', '');
    }
    cancelButton.current?.focus();
    return () => {
      if (box.open && typeof box.close === 'function') box.close();
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: the page decides, and removes the dialog, so the two never disagree.
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="confirm-dialog__body">
        {children}
      </div>
      <div className="confirm-dialog__actions">
        <button
          ref={cancelButton}
          type="button"
          className="button button--secondary"
          onClick={onCancel}
        >
          {cancelLabel}
        </button>
        {confirmLabel && onConfirm && (
          <button type="button" className="button button--danger-solid" onClick={onConfirm}>
            {confirmLabel}
          </button>
        )}
      </div>
    </dialog>
  );
}
