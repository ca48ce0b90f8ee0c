import { useState } from 'react';
import type { ModalContent } from '../../content/generated/types.ts';
import { PopupDialog } from './popup-dialog.tsx';
import { popupFingerprint, usePopupDismissal } from './popup-dismissal.ts';

/**
 * The stored pop-up until this visitor closes it (docs/decisions/004-visits-and-popup.md). A
 * visitor's close is remembered by the browser; it never writes to the database.
 */
export function StoredPopup({ popup }: { popup: ModalContent }) {
  const fingerprint = popupFingerprint(popup);
  const { dismissed, dismiss } = usePopupDismissal(fingerprint);
  // Closed on this page even when the browser refuses to remember it.
  const [closedHere, setClosedHere] = useState<string | null>(null);

  if (dismissed !== false || closedHere === fingerprint) return null;
  return (
    <PopupDialog
      popup={popup}
      fallbackFocus={() => document.querySelector('main')}
      onClose={() => {
        setClosedHere(fingerprint);
        dismiss();
      }}
    />
  );
}
