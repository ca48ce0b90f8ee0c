import { useCallback, useState } from 'react';
import { useSupabase } from '../client/client-context.tsx';
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
  /**
   * Tells the others that this editor just saved; settles (never rejects) once told, so that a
   * form closing on its save (the article form) can wait for it before leaving the room.
   */
  announceSave(): Promise<void>;
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
  // Kept with the content it is about: a page whose room changes content (the article form,
  // opened on another post) never offers a save of the previous one.
  const [saved, setSaved] = useState<{ key: string; save: SavedElsewhere } | null>(null);
  const savedElsewhere = saved && saved.key === contentKey ? saved.save : null;
  const supabase = useSupabase();
  const others = usePresence(supabase, contentKey ? editingTopic(contentKey) : null);
  const send = useBroadcast<SavedElsewhere>(
    supabase,
    contentKey ? savedTopic(contentKey) : null,
    'saved',
    (message) => {
      if (contentKey && typeof message.email === 'string' && typeof message.at === 'string') {
        setSaved({ key: contentKey, save: { email: message.email, at: message.at } });
      }
    },
  );
  const announceSave = useCallback(async () => {
    if (!contentKey || !supabase) return;
    // The save itself succeeded: failing to tell the others never fails it.
    try {
      const { data } = await supabase.auth.getSession();
      await send({ email: data.session?.user.email ?? '', at: new Date().toISOString() });
    } catch (error) {
      console.error("Erreur lors de l'annonce de l'enregistrement", error);
    }
  }, [supabase, contentKey, send]);
  const clearSavedElsewhere = useCallback(() => setSaved(null), []);
  return { others, savedElsewhere, announceSave, clearSavedElsewhere };
}
