import { useCallback, useEffect, useState } from 'react';
import { deepEquals } from '@rjsf/utils';

/**
 * What the owner typed and has not saved yet, kept in this browser's localStorage until it is
 * saved, so that a reload, a crash, a lost connection or an expired session loses nothing
 * (docs/decisions/027-unsaved-changes.md). One draft per editor, by key (`content:hero`,
 * `post:<id>`, `post:new`); drafts never hold secrets (the AI key form keeps none).
 */
const PREFIX = 'admin-brouillon:';
/** A draft larger than this is not kept (localStorage holds about 5 MB for the whole site). */
export const MAX_DRAFT_CHARS = 200_000;

export interface Draft<T> {
  value: T;
  /** When it was last written (ISO date-time). */
  savedAt: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readDraft<T>(key: string): Draft<T> | null {
  try {
    const text = storage()?.getItem(PREFIX + key);
    if (!text) return null;
    const draft = JSON.parse(text) as Partial<Draft<T>>;
    return typeof draft.savedAt === 'string' && 'value' in draft
      ? { value: draft.value as T, savedAt: draft.savedAt }
      : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: string, value: T, now: Date = new Date()): void {
  try {
    const text = JSON.stringify({ value, savedAt: now.toISOString() } satisfies Draft<T>);
    if (text.length > MAX_DRAFT_CHARS) return;
    storage()?.setItem(PREFIX + key, text);
  } catch {
    // Storage full or refused: the draft is a safety net, the editor still works.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing to forget.
  }
}

/** « 23 novembre 2026 à 14:05 », in Paris time. */
export function draftDate(savedAt: string): string {
  const date = new Date(savedAt);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(date);
}

/**
 * Keeps `value` as the draft of `key` while `unsaved`, forgets it once saved, and offers back, on
 * opening, a draft left unsaved that differs from `initial`.
 */
export function useLocalDraft<T>(key: string | undefined, initial: T, value: T, unsaved: boolean) {
  const [offered, setOffered] = useState<Draft<T> | null>(() => {
    if (!key) return null;
    const draft = readDraft<T>(key);
    if (draft && deepEquals(draft.value, initial)) {
      clearDraft(key);
      return null;
    }
    return draft;
  });

  useEffect(() => {
    // While a draft is offered, it is kept as it is until the owner chooses.
    if (!key || offered) return;
    if (unsaved) writeDraft(key, value);
    else clearDraft(key);
  }, [key, value, unsaved, offered]);

  const dismiss = useCallback(() => {
    if (key) clearDraft(key);
    setOffered(null);
  }, [key]);
  const accept = useCallback(() => setOffered(null), []);
  const discard = useCallback(() => {
    if (key) clearDraft(key);
  }, [key]);

  return { offered, accept, dismiss, discard };
}
