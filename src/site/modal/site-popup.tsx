import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useSiteContent } from '../../content/api.ts';
import type { ModalContent } from '../../content/generated/types.ts';

// Whether this visitor closed the pop-up is known only to the browser, after hydration: the code
// that remembers it and the dialog are fetched then, and only when there is a pop-up to show (most
// visits have none).
const StoredPopup = lazy(() =>
  import('./stored-popup.tsx').then((module) => ({ default: module.StoredPopup })),
);

const subscribeToNothing = () => () => {};

/** The pop-up is shown when it is active and has a message. */
export function isPopupShown(popup: ModalContent): boolean {
  return popup.active && popup.message.trim() !== '';
}

/** The stored pop-up over the home page, in the browser only, until this visitor closes it. */
export function SitePopup() {
  const { content } = useSiteContent();
  const inBrowser = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  if (!inBrowser || !isPopupShown(content.modal)) return null;
  return (
    <Suspense fallback={null}>
      <StoredPopup popup={content.modal} />
    </Suspense>
  );
}
