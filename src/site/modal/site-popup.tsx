import { lazy, Suspense, useState } from 'react';
import { useSiteContent } from '../../content/api.ts';
import type { ModalContent } from '../../content/generated/types.ts';
import { popupFingerprint, usePopupDismissal } from './popup-dismissal.ts';

// The dialog's code and styles are fetched only when there is a pop-up to show, which is known
// once the page has hydrated: most visits have none.
const PopupDialog = lazy(() =>
  import('./popup-dialog.tsx').then((module) => ({ default: module.PopupDialog })),
);

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
    <Suspense fallback={null}>
      <PopupDialog
        popup={popup}
        fallbackFocus={() => document.querySelector('main')}
        onClose={() => {
          setClosedHere(fingerprint);
          dismiss();
        }}
      />
    </Suspense>
  );
}
