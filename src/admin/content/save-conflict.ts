/**
 * A save refused because what it was based on is no longer what is stored
 * (docs/decisions/026-no-silent-overwrite.md): someone else saved in between ('changed'), or the
 * post was deleted meanwhile ('deleted').
 */
export class SaveConflictError extends Error {
  constructor(readonly reason: 'changed' | 'deleted') {
    super(reason === 'changed' ? CONFLICT_MESSAGE : DELETED_MESSAGE);
    this.name = 'SaveConflictError';
  }
}

export function isSaveConflict(error: unknown): error is SaveConflictError {
  return error instanceof SaveConflictError;
}

export const CONFLICT_MESSAGE =
  'Ce contenu a été modifié ailleurs (dans un autre onglet ou par un autre administrateur) depuis que vous l’avez ouvert. Votre texte n’a pas été enregistré.';
export const DELETED_MESSAGE =
  'Cet article a été supprimé ailleurs (dans un autre onglet ou par un autre administrateur) depuis que vous l’avez ouvert. Votre texte n’a pas été enregistré.';
export const RELOAD_LABEL = 'Recharger la version enregistrée';
export const OVERWRITE_LABEL = 'Garder mon texte et enregistrer quand même';

/** PostgreSQL's unique violation: an insert of a row that exists meanwhile. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
