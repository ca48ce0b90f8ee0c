import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

/** Read by screen readers when a drag handle gets focus (dnd-kit's own text is English). */
export const FRENCH_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'Pour déplacer cet élément, appuyez sur Espace ou Entrée, utilisez les flèches haut et bas, ' +
    'puis appuyez de nouveau sur Espace ou Entrée pour le déposer, ou sur Échap pour annuler.',
};

/** How the list describes an item: its text, and its position counted from 1. */
export interface ListDescription {
  textOf(id: UniqueIdentifier): string;
  positionOf(id: UniqueIdentifier): number;
  total(): number;
}

/** What screen readers hear while an item is dragged, in French. */
export function frenchAnnouncements(list: ListDescription): Announcements {
  const item = (id: UniqueIdentifier) => `« ${list.textOf(id)} »`;
  const at = (id: UniqueIdentifier) => `position ${list.positionOf(id)} sur ${list.total()}`;
  return {
    onDragStart: ({ active }) => `${item(active.id)} saisi, ${at(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${item(active.id)} déplacé en ${at(over.id)}.`
        : `${item(active.id)} n’est plus au-dessus de la liste.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${item(active.id)} déposé en ${at(over.id)}.`
        : `${item(active.id)} déposé hors de la liste ; l’ordre ne change pas.`,
    onDragCancel: ({ active }) =>
      `Déplacement annulé. ${item(active.id)} reste en ${at(active.id)}.`,
  };
}
