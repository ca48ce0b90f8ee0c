import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

/** Read by screen readers on every drag handle (dnd-kit's aria-describedby). */
export const SCREEN_READER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'Pour déplacer cette section, appuyez sur Espace ou Entrée pour la saisir, ' +
    'utilisez les flèches haut et bas pour choisir sa place, puis appuyez sur Espace ou Entrée ' +
    'pour la déposer, ou sur Échap pour annuler.',
};

/** What the announcements need to know about the list: a section's title and its position. */
export interface SectionLookup {
  title(id: UniqueIdentifier): string;
  /** 1-based position of a section in the list, 0 when unknown. */
  position(id: UniqueIdentifier): number;
  count(): number;
}

/** dnd-kit's live announcements, in French and with the sections' titles. */
export function frenchAnnouncements(lookup: SectionLookup): Announcements {
  const name = (id: UniqueIdentifier) => `« ${lookup.title(id)} »`;
  const place = (id: UniqueIdentifier) => `position ${lookup.position(id)} sur ${lookup.count()}`;
  // dnd-kit reports the section over its own place right after the pick-up: saying so would
  // replace the pick-up message before it is read.
  let justPickedUp = false;
  return {
    onDragStart({ active }) {
      justPickedUp = true;
      return `Section ${name(active.id)} saisie, ${place(active.id)}.`;
    },
    onDragOver({ active, over }) {
      const first = justPickedUp;
      justPickedUp = false;
      if (!over) return `La section ${name(active.id)} n’est plus au-dessus d’une place.`;
      if (over.id === active.id) {
        return first ? undefined : `Section ${name(active.id)} revenue à sa ${place(over.id)}.`;
      }
      return `Section ${name(active.id)} déplacée en ${place(over.id)}.`;
    },
    onDragEnd({ active, over }) {
      if (!over) return `Section ${name(active.id)} relâchée hors de la liste : rien ne change.`;
      return `Section ${name(active.id)} déposée en ${place(over.id)}.`;
    },
    onDragCancel({ active }) {
      return `Déplacement annulé. La section ${name(active.id)} reste en ${place(active.id)}.`;
    },
  };
}
