import { useCallback, useEffect, useState } from 'react';
import { isSaveConflict } from '../content/save-conflict.ts';
import { databaseRefusal, frenchError } from '../errors/french-error.ts';

export const SAVED_MESSAGE = 'Les modifications ont été enregistrées avec succès.';
/** How long the success message stays (docs/product.md#section-editors). */
export const SAVED_MESSAGE_MS = 3000;

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; message: string }
  /** Refused: the content changed, or was deleted, elsewhere since it was read. */
  | { kind: 'conflict'; reason: 'changed' | 'deleted' };

/**
 * The French text of a failed save (docs/decisions/018-failed-saves-are-shown.md): the database's
 * own refusal (it names the field in French), or what to do about any other failure
 * (src/admin/errors/french-error.ts); never a server's or library's raw text.
 */
export function saveErrorMessage(error: unknown): string {
  const refusal = databaseRefusal(error);
  const reason = refusal ?? lowerFirst(frenchError(error));
  return `L'enregistrement a échoué : ${reason}`;
}

const lowerFirst = (sentence: string) => sentence.charAt(0).toLowerCase() + sentence.slice(1);

/**
 * The save button's state: saving, then the success message for exactly SAVED_MESSAGE_MS (or
 * until the next edit), or the failure's message until the next attempt.
 */
export function useSaveStatus() {
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });

  useEffect(() => {
    if (status.kind !== 'saved') return;
    const timer = setTimeout(() => setStatus({ kind: 'idle' }), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const run = useCallback(async (save: () => Promise<void>) => {
    setStatus({ kind: 'saving' });
    try {
      await save();
      setStatus({ kind: 'saved' });
    } catch (error) {
      if (isSaveConflict(error)) {
        setStatus({ kind: 'conflict', reason: error.reason });
        return;
      }
      // A failed save is logged, and also shown (docs/decisions/018-failed-saves-are-shown.md).
      console.error("Erreur lors de l'enregistrement du contenu", error);
      setStatus({ kind: 'failed', message: saveErrorMessage(error) });
    }
  }, []);

  const edited = useCallback(() => {
    setStatus((current) => (current.kind === 'saved' ? { kind: 'idle' } : current));
  }, []);

  const reset = useCallback(() => setStatus({ kind: 'idle' }), []);

  return { status, run, edited, reset };
}
