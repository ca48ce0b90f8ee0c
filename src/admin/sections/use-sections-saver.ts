import { useCallback, useRef, useState } from 'react';
import type { Section } from '../../content/generated/types.ts';
import { isSaveConflict } from '../content/save-conflict.ts';
import { saveErrorMessage } from '../editor/save-status.ts';
import { useUnsavedChanges } from '../unsaved/unsaved-changes.ts';

export type SectionsSaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; message: string }
  /** Refused because the list was saved elsewhere meanwhile; `refused` is the list not saved. */
  | { kind: 'conflict'; refused: Section[] };

/** Said after a refused save, once the list is back to what the server holds. */
export const RESTORED_NOTE = 'La liste a été remise telle qu’elle est enregistrée.';

/**
 * The sections list of the panel, saved after every change. Changes show at once; the
 * saves run one after the other, each sending the latest list (quick changes are sent together).
 * When a save is refused, the list goes back to the last one the server accepted, so that what
 * the owner sees is always what the site shows, and the server's reason is kept for display.
 */
export function useSectionsSaver(initial: Section[], save: (sections: Section[]) => Promise<void>) {
  const [sections, setSections] = useState(initial);
  const [status, setStatus] = useState<SectionsSaveStatus>({ kind: 'idle' });
  const confirmed = useRef(initial);
  const wanted = useRef(initial);
  const running = useRef(false);
  // A change still being sent: leaving now asks first (docs/decisions/027-unsaved-changes.md).
  useUnsavedChanges(status.kind === 'saving');

  const flush = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setStatus({ kind: 'saving' });
    try {
      while (wanted.current !== confirmed.current) {
        const snapshot = wanted.current;
        try {
          await save(snapshot);
          confirmed.current = snapshot;
        } catch (error) {
          console.error("Erreur lors de l'enregistrement des sections", error);
          wanted.current = confirmed.current;
          setSections(confirmed.current);
          setStatus(
            isSaveConflict(error)
              ? { kind: 'conflict', refused: snapshot }
              : { kind: 'failed', message: saveErrorMessage(error) },
          );
          return;
        }
      }
      setStatus({ kind: 'saved' });
    } finally {
      running.current = false;
    }
  }, [save]);

  /** Applies a change to the latest list (not a stale render's) and saves it. */
  const update = useCallback(
    (change: (current: Section[]) => Section[]) => {
      const next = change(wanted.current);
      if (next === wanted.current) return false;
      wanted.current = next;
      setSections(next);
      void flush();
      return true;
    },
    [flush],
  );

  /** Starts again from a list known to be stored (reloaded, or saved over a conflict). */
  const reset = useCallback((stored: Section[], next: SectionsSaveStatus = { kind: 'idle' }) => {
    confirmed.current = stored;
    wanted.current = stored;
    setSections(stored);
    setStatus(next);
  }, []);

  return { sections, status, update, reset };
}
