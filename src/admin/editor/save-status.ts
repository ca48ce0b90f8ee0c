import { useCallback, useEffect, useState } from 'react';
import { isSaveConflict } from '../content/save-conflict.ts';

export const SAVED_MESSAGE = 'Les modifications ont été enregistrées avec succès.';
/** How long the success message stays (docs/product.md#section-editors). */
export const SAVED_MESSAGE_MS = 3000;

const NETWORK_MESSAGE =
  'le serveur est injoignable. Vérifiez votre connexion internet, puis réessayez.';

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; message: string }
  /** Refused: the content changed, or was deleted, elsewhere since it was read. */
  | { kind: 'conflict'; reason: 'changed' | 'deleted' };

/**
 * The French text of a failed save (docs/decisions/018-failed-saves-are-shown.md). A PostgREST
 * error carries the database's own reason (for a refused content, the field in French);
 * supabase-js reports a network failure as an error without a code.
 */
export function saveErrorMessage(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message.trim() : '';
  const network =
    error instanceof TypeError ||
    code === '' ||
    /failed to fetch|networkerror|load failed|fetch failed/i.test(text);
  const reason = network || !text ? NETWORK_MESSAGE : text;
  return `L'enregistrement a échoué : ${reason}`;
}

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
