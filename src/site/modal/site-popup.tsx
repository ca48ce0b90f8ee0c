import { useState } from 'react';
import { useSiteContent } from '../../content/api.ts';
import type { ModalContent } from '../../content/generated/types.ts';
import { PopupDialog } from './popup-dialog.tsx';
import { popupFingerprint, usePopupDismissal } from './popup-dismissal.ts';

/** Spec §4: the pop-up is shown when it is active and has a message. */
export function isPopupShown(popup: ModalContent): boolean {
  return popup.active && popup.message.trim() !== '';
}

/**
 * The stored pop-up over the home page, until this visitor closes it (DESIGN.md decision 3). A
 * visitor's close is remembered by the browser; it never writes to the database.
 */
export function SitePopup() {
  const { content } = useSiteContent();
  const popup = content.modal;
  const fingerprint = popupFingerprint(popup);
  const { dismissed, dismiss } = usePopupDismissal(fingerprint);
  // Closed on this page even when the browser refuses to remember it.
  const [closedHere, setClosedHere] = useState<string | null>(null);

  if (!isPopupShown(popup) || dismissed !== false || closedHere === fingerprint) return null;
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
