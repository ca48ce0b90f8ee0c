import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { discardUnsavedChanges, hasUnsavedChanges } from './unsaved-changes.ts';

export const LEAVE_TITLE = 'Quitter sans enregistrer ?';
export const LEAVE_TEXT = 'Vos modifications n’ont pas été enregistrées.';
export const STAY_LABEL = 'Rester sur la page';
export const LEAVE_LABEL = 'Quitter sans enregistrer';

/**
 * Asks before any in-app navigation (links, the browser's back button) leaves a page that holds
 * unsaved changes (docs/decisions/027-unsaved-changes.md). Staying keeps everything; leaving
 * forgets the local drafts of what is left.
 */
export function UnsavedChangesGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title={LEAVE_TITLE}
      confirmLabel={LEAVE_LABEL}
      cancelLabel={STAY_LABEL}
      onConfirm={() => {
        discardUnsavedChanges();
        blocker.proceed();
      }}
      onCancel={() => blocker.reset()}
    >
      <p>{LEAVE_TEXT}</p>
    </ConfirmDialog>
  );
}
