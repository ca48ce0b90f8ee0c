import { useCallback, useState } from 'react';
import { supabase } from '../../lib/supabase.ts';
import { useBroadcast } from '../realtime/use-broadcast.ts';
import { usePresence, type Presence } from '../realtime/use-presence.ts';
import { editingTopic, savedTopic } from '../realtime/topics.ts';

/** A save made elsewhere: by whom (e-mail) and when (ISO time). */
export interface SavedElsewhere {
  email: string;
  at: string;
}

export interface EditingRoom {
  /** The others who have this content open, first come first. */
  others: Presence[];
  /** The latest save made elsewhere since this editor last read the stored content. */
  savedElsewhere: SavedElsewhere | null;
  /** Tells the others that this editor just saved. */
  announceSave(): void;
  /** Forgets the save made elsewhere (reloaded, or the owner keeps their text). */
  clearSavedElsewhere(): void;
}

/**
 * The room of one content (e.g. `content:hero`): who else has it open, and their saves. A save is
 * told by a broadcast after it succeeded rather than read from the table's changes, so that it
 * says who saved, reaches only the editors of that content, and this editor's own saves never come
 * back to it (docs/decisions/052-live-back-office.md). Without a key, nothing is joined.
 */
export function useEditingRoom(contentKey: string | undefined): EditingRoom {
  const [savedElsewhere, setSavedElsewhere] = useState<SavedElsewhere | null>(null);
  const others = usePresence(supabase, contentKey ? editingTopic(contentKey) : null);
  const send = useBroadcast<SavedElsewhere>(
    supabase,
    contentKey ? savedTopic(contentKey) : null,
    'saved',
    (message) => {
      if (typeof message.email === 'string' && typeof message.at === 'string') {
        setSavedElsewhere({ email: message.email, at: message.at });
      }
    },
  );
  const announceSave = useCallback(() => {
    if (!contentKey || !supabase) return;
    void supabase.auth.getSession().then(({ data }) => {
      send({ email: data.session?.user.email ?? '', at: new Date().toISOString() });
    });
  }, [contentKey, send]);
  const clearSavedElsewhere = useCallback(() => setSavedElsewhere(null), []);
  return { others, savedElsewhere, announceSave, clearSavedElsewhere };
}
