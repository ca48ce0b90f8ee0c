import { useEffect, useId, useRef, type MouseEvent } from 'react';
import type { ModalContent } from '../../content/generated/types.ts';
import { PopupCard } from './popup-card.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface PopupDialogProps {
  popup: Pick<ModalContent, 'title' | 'message'>;
  onClose: () => void;
  /** Where focus goes on close when nothing had focus before it opened (the page's main). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern): focus moves into it when it opens, Tab and Shift+Tab
 * cycle inside it, and focus goes back where it was when it closes. The backdrop, the X,
 * 'Fermer' and Escape all close it.
 */
export function PopupDialog({ popup, onClose, fallbackFocus }: PopupDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  const fallbackRef = useRef(fallbackFocus);

  useEffect(() => {
    closeRef.current = onClose;
    fallbackRef.current = fallbackFocus;
  });

  useEffect(() => {
    const box = dialog.current;
    if (!box) return;
    const previous = document.activeElement;
    box.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      const inside = active instanceof Node && box.contains(active);
      if (event.shiftKey && (!inside || active === first || active === box)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Back to where the visitor was; when nothing had focus (the pop-up opened with the page),
      // to the fallback, so that the next Tab does not start from where the dialog stood.
      const target =
        previous instanceof HTMLElement && previous !== document.body && previous.isConnected
          ? previous
          : fallbackRef.current?.();
      target?.focus({ preventScroll: true });
    };
  }, []);

  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  const titled = popup.title.trim() !== '';
  return (
    // The backdrop is a mouse shortcut; keyboard users have Escape and the two buttons.
    <div className="popup-backdrop" onClick={onBackdrop} data-testid="popup-backdrop">
      <div
        ref={dialog}
        className="popup-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titled ? titleId : undefined}
        aria-label={titled ? undefined : 'Message du garage'}
        tabIndex={-1}
      >
        <PopupCard popup={popup} titleId={titleId} onClose={onClose} />
      </div>
    </div>
  );
}
