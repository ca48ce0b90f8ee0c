import { useCallback, useEffect, useRef, useState } from 'react';
import { saveErrorMessage } from './save-status.ts';

/** How long the panel waits after the last edit before saving. */
export const AUTOSAVE_DELAY_MS = 600;

export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; message: string };

/**
 * Saves `value` automatically, `delay` ms after it last changed. Saves never overlap: one that
 * starts while another runs waits for it. A failure is reported with its French reason and keeps
 * the value (docs/decisions/018-failed-saves-are-shown.md); `retry` saves it again. A change
 * still waiting when the panel goes away is saved then, so that leaving the page never loses it.
 */
export function useAutosave<T>(
  value: T,
  save: (value: T) => Promise<void>,
  delay: number = AUTOSAVE_DELAY_MS,
) {
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const latest = useRef(value);
  const stored = useRef(value);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const saveRef = useRef(save);

  useEffect(() => {
    saveRef.current = save;
    latest.current = value;
  });

  const saveNow = useCallback((target: T) => {
    chain.current = chain.current.then(async () => {
      if (target === stored.current) {
        if (target === latest.current) setStatus({ kind: 'saved' });
        return;
      }
      if (target === latest.current) setStatus({ kind: 'saving' });
      try {
        await saveRef.current(target);
        stored.current = target;
        if (target === latest.current) setStatus({ kind: 'saved' });
      } catch (error) {
        console.error("Erreur lors de l'enregistrement automatique", error);
        if (target === latest.current) {
          setStatus({ kind: 'failed', message: saveErrorMessage(error) });
        }
      }
    });
    return chain.current;
  }, []);

  useEffect(() => {
    if (value === stored.current) return;
    setStatus({ kind: 'pending' });
    const timer = setTimeout(() => void saveNow(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay, saveNow]);

  // Leaving the panel with a change not yet sent: send it.
  useEffect(
    () => () => {
      if (latest.current !== stored.current) void saveNow(latest.current);
    },
    [saveNow],
  );

  const retry = useCallback(() => saveNow(latest.current), [saveNow]);
  /**
   * Takes a value just read from the server as the stored one (a version saved elsewhere, reloaded):
   * it is not sent back, and a change still waiting is dropped once the caller passes it as `value`.
   */
  const rebase = useCallback((reloaded: T) => {
    stored.current = reloaded;
    setStatus({ kind: 'idle' });
  }, []);
  return { status, retry, rebase };
}

/** The words of the save state, for the status line. */
export function autosaveText(status: AutosaveStatus): string {
  switch (status.kind) {
    case 'pending':
      return 'Modifications en attente d’enregistrement…';
    case 'saving':
      return 'Enregistrement…';
    case 'saved':
      return '✓ Enregistré';
    default:
      return '';
  }
}
