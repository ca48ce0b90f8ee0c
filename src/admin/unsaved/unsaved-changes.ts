import { useEffect, useRef } from 'react';

/**
 * Which parts of the back-office hold changes not yet saved (docs/decisions/027-unsaved-changes.md).
 * Every editor declares its state with `useUnsavedChanges`; the tab's closing or reloading then
 * asks the browser's own question, and in-app navigation asks ours (unsaved-changes-guard.tsx).
 */
interface Holder {
  discard?: () => void;
}

const holders = new Map<symbol, Holder>();
let leaving = false;
let listening = false;

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (leaving || holders.size === 0) return;
  // Both, for every browser: the prompt's text is the browser's own.
  event.preventDefault();
  event.returnValue = '';
}

export function hasUnsavedChanges(): boolean {
  return holders.size > 0;
}

/**
 * The page is about to be left on purpose (to sign in again): no question. What was typed stays
 * in the drafts.
 */
export function allowLeaving(): void {
  leaving = true;
}

/** Leaving without saving: every holder forgets its changes (its local draft). */
export function discardUnsavedChanges(): void {
  for (const holder of [...holders.values()]) holder.discard?.();
}

/**
 * Declares that the calling component holds changes not yet saved while `unsaved` is true;
 * `discard` forgets them when the owner chooses to leave without saving.
 */
export function useUnsavedChanges(unsaved: boolean, discard?: () => void): void {
  const discardRef = useRef(discard);
  useEffect(() => {
    discardRef.current = discard;
  });
  useEffect(() => {
    if (!unsaved) return;
    if (!listening && typeof window !== 'undefined') {
      window.addEventListener('beforeunload', onBeforeUnload);
      listening = true;
    }
    const id = Symbol('unsaved');
    holders.set(id, { discard: () => discardRef.current?.() });
    return () => {
      holders.delete(id);
    };
  }, [unsaved]);
}
