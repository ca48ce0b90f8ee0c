import { preferredDateText } from '../../../supabase/functions/_shared/request-mails.ts';
import type { MailKind } from '../../../supabase/functions/_shared/request-mail-queue.ts';

/**
 * The statuses of a request, in the order of the job (public.requests): from the request to the
 * vehicle given back, or its end without one; « Archivée » is the owner's tidying.
 */
export const REQUEST_STATUSES = [
  { value: 'nouvelle', label: 'Nouvelle', plural: 'Nouvelles' },
  { value: 'a_rappeler', label: 'À rappeler', plural: 'À rappeler' },
  { value: 'rdv_confirme', label: 'Rendez-vous confirmé', plural: 'Rendez-vous confirmés' },
  { value: 'vehicule_recu', label: 'Véhicule reçu', plural: 'Véhicules reçus' },
  { value: 'terminee', label: 'Terminée', plural: 'Terminées' },
  { value: 'annulee', label: 'Annulée', plural: 'Annulées' },
  { value: 'non_venu', label: 'Non venu', plural: 'Non venus' },
  { value: 'archivee', label: 'Archivée', plural: 'Archivées' },
] as const;

export type RequestStatus = (typeof REQUEST_STATUSES)[number]['value'];
/** The inbox's filter: one status, or all of them. */
export type StatusFilter = RequestStatus | 'toutes';

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'toutes', label: 'Toutes' },
  ...REQUEST_STATUSES.map(({ value, plural }) => ({ value, label: plural })),
];

export function statusLabel(status: string): string {
  return REQUEST_STATUSES.find((s) => s.value === status)?.label ?? status;
}

/** The filter a `?statut=` parameter names; all requests when absent or unknown. */
export function parseStatusFilter(value: string | null): StatusFilter {
  return STATUS_FILTERS.some((f) => f.value === value) ? (value as StatusFilter) : 'toutes';
}

/** A page number from `?page=`, 1 when absent or invalid. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** « 1 nouvelle demande », « 3 nouvelles demandes », « Aucune nouvelle demande ». */
export function newRequestsText(count: number): string {
  if (count === 0) return 'Aucune nouvelle demande';
  return count === 1 ? '1 nouvelle demande' : `${count} nouvelles demandes`;
}

/** « mardi 1 décembre 2026, le matin ; mercredi 2 décembre 2026, l'après-midi ». */
export function preferredDatesText(dates: readonly { date: string; moment: string }[]): string {
  return dates.map(preferredDateText).join(' ; ');
}

/** A `tel:` link: the digits and a leading +, the spaces and dots the visitor typed left out. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}

/** The reply's subject: « Votre demande de devis – <garage> ». */
export function replySubject(garageName: string): string {
  const name = garageName.trim();
  return name ? `Votre demande de devis – ${name}` : 'Votre demande de devis';
}

/** A `mailto:` link answering the visitor, subject and greeting ready. */
export function mailtoHref(request: { email: string; name: string }, garageName: string): string {
  const params = [
    `subject=${encodeURIComponent(replySubject(garageName))}`,
    `body=${encodeURIComponent(`Bonjour ${request.name},\n\n`)}`,
  ];
  return `mailto:${encodeURIComponent(request.email).replace(/%40/g, '@')}?${params.join('&')}`;
}

/** One mail of a request (public.request_mails). */
export interface RequestMail {
  kind: MailKind;
  status: 'en_attente' | 'envoye' | 'echec';
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  next_attempt_at: string;
  /** The subject of a mail written when queued (null for the two mails of a new request). */
  subject: string | null;
  /** Its text, as queued (null for the two mails of a new request). */
  body: string | null;
  created_at: string;
}

export const MAIL_KINDS: Record<RequestMail['kind'], string> = {
  proprietaire: 'Notification au garage',
  accuse_reception: 'Accusé de réception au client',
  confirmation: 'Rendez-vous envoyé au client',
  rappel: 'Rappel la veille au client',
  reponse: 'Réponse au client',
  annulation: 'Annulation, au garage',
  changement: 'Autre jour demandé, au garage',
};

const MAIL_STATUSES: Record<RequestMail['status'], string> = {
  en_attente: 'En attente',
  envoye: 'Envoyé',
  echec: 'Échec',
};

/** « Envoyé », « En attente (2 essais) », « Échec après 6 essais ». */
export function mailStateText(mail: Pick<RequestMail, 'status' | 'attempts'>): string {
  const tries = `${mail.attempts} essai${mail.attempts > 1 ? 's' : ''}`;
  if (mail.status === 'echec') return `Échec après ${tries}`;
  if (mail.status === 'en_attente' && mail.attempts > 0) return `En attente (${tries})`;
  return MAIL_STATUSES[mail.status];
}

/** Whether mail is configured on the server (the request-mails function's answer). */
export interface MailSettings {
  smtp: boolean;
  notifyEmail: boolean;
}

/** What is missing for the owner to be told of new requests by e-mail; empty when nothing. */
export function missingMailSettings(settings: MailSettings): string[] {
  return [
    ...(settings.smtp ? [] : ['SMTP_URL']),
    ...(settings.notifyEmail ? [] : ['NOTIFY_EMAIL']),
  ];
}

export const REQUEST_MESSAGES = {
  loadFailed: 'Erreur lors du chargement des demandes',
  detailFailed: 'Erreur lors du chargement de la demande',
  notFound: 'Cette demande n’existe pas ou a été supprimée.',
  statusSaved: 'Statut enregistré',
  statusFailed: "Erreur lors de l'enregistrement du statut",
  noteSaved: 'Note enregistrée',
  noteFailed: "La note n'a pas été enregistrée : votre texte est conservé ci-dessous, réessayez",
  deleteFailed: 'Erreur lors de la suppression de la demande',
  deleted: 'Demande supprimée',
  empty:
    'Aucune demande pour l’instant : elles arriveront ici dès qu’un visiteur remplira le formulaire du site.',
  emptyFiltered: 'Aucune demande avec ce statut.',
  notificationsOff: 'Les notifications par e-mail sont désactivées.',
} as const;
