import { useCallback, useSyncExternalStore } from 'react';
import type { ModalContent } from '../../content/generated/types.ts';
import { recall, remember } from '../visits/browser-memory.ts';

/**
 * A visitor's close hides the pop-up in this browser only (docs/decisions/004-visits-and-popup.md),
 * until its content changes. The browser keeps the fingerprint of the content it closed, never the
 * content, and forgets it 13 months after the first close (../visits/browser-memory.ts).
 */
export const POPUP_DISMISSED_KEY = 'popupDismissed';

const CHANGE_EVENT = 'garage:popup-dismissed';

/** A short fingerprint (32-bit FNV-1a, hex) of the pop-up's title and message. */
export function popupFingerprint(popup: Pick<ModalContent, 'title' | 'message'>): string {
  const text = `${popup.title}\u0000${popup.message}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

function readDismissed(): string | null {
  try {
    return recall(window.localStorage, POPUP_DISMISSED_KEY, Date.now());
  } catch {
    // Storage refused (privacy settings): the pop-up shows on each visit.
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** Until the browser's memory is read (server render, hydration), nothing is known: hide. */
const UNKNOWN = undefined;

/**
 * Whether this browser closed this content, `undefined` while that is not known yet, and how to
 * remember a close. Read through useSyncExternalStore so that the server and the hydrating
 * browser agree (no pop-up), then the browser shows it when it was not closed.
 */
export function usePopupDismissal(fingerprint: string): {
  dismissed: boolean | undefined;
  dismiss: () => void;
} {
  const stored = useSyncExternalStore<string | null | undefined>(
    subscribe,
    readDismissed,
    () => UNKNOWN,
  );
  const dismiss = useCallback(() => {
    try {
      remember(window.localStorage, POPUP_DISMISSED_KEY, fingerprint, Date.now());
    } catch {
      // Without storage the close lasts until the page is left (see SitePopup).
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, [fingerprint]);
  return { dismissed: stored === UNKNOWN ? UNKNOWN : stored === fingerprint, dismiss };
}
