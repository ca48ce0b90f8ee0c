import { formatLongDateTime } from '../../lib/dates-paris.ts';
import { mailStateText, type RequestMail, type RequestStatus } from './requests-model.ts';

/** A button of the request page: the status it sets, in the owner's words. */
export interface NextStep {
  status: RequestStatus;
  label: string;
}

/**
 * The natural next steps of the job from each status (docs/decisions/074-appointments-foundation.md),
 * offered as buttons beside the status list, which still allows any status. Confirming an
 * appointment has its own form on the request page.
 */
const NEXT_STEPS: Record<RequestStatus, NextStep[]> = {
  nouvelle: [{ status: 'a_rappeler', label: 'À rappeler' }],
  a_rappeler: [{ status: 'annulee', label: 'Sans suite' }],
  rdv_confirme: [
    { status: 'vehicule_recu', label: 'Véhicule reçu' },
    { status: 'non_venu', label: 'Non venu' },
    { status: 'annulee', label: 'Annulé' },
  ],
  vehicule_recu: [{ status: 'terminee', label: 'Terminé' }],
  terminee: [{ status: 'archivee', label: 'Archiver' }],
  annulee: [{ status: 'archivee', label: 'Archiver' }],
  non_venu: [{ status: 'archivee', label: 'Archiver' }],
  archivee: [],
};

export function nextSteps(status: RequestStatus): NextStep[] {
  return NEXT_STEPS[status] ?? [];
}

/**
 * What the request page says of the reminder of the day before: « Rappel envoyé le … » once its
 * mail left, else where that mail stands; null when the customer was not reminded.
 */
export function reminderText(
  remindedAt: string | null,
  mail: Pick<RequestMail, 'status' | 'attempts'> | undefined,
): string | null {
  if (!remindedAt) return null;
  const when = formatLongDateTime(remindedAt);
  if (!mail || mail.status === 'envoye') return `Rappel envoyé le ${when}`;
  if (mail.status === 'echec')
    return `Rappel du ${when} non envoyé : ${mailStateText(mail).toLowerCase()}`;
  return `Rappel du ${when} : ${mailStateText(mail).toLowerCase()}`;
}

/** The inbox's small mark for a reminded request; null when not reminded. */
export function reminderMark(
  remindedAt: string | null,
  status: RequestMail['status'] | null,
): string | null {
  if (!remindedAt) return null;
  if (status === 'echec') return 'Rappel non envoyé';
  if (status === 'en_attente') return 'Rappel en attente';
  return 'Rappel envoyé';
}
