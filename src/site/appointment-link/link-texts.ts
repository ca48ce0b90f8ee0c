import {
  halfDayText,
  type HalfDay,
} from '../../../supabase/functions/appointments/appointment-text.ts';

/**
 * The words of the customer's appointment link (docs/decisions/076-appointment-confirmation.md),
 * shared by the page the self-hosted server renders as plain forms (server/appointments/) and the
 * public site's page that a static host's client app shows (appointment-link-page.tsx), so that
 * both say the same thing.
 */

export { LINK_PAGE_PATH } from './link-path.ts';

/** What appointment_link_view, _cancel and _change answer for a valid link. */
export interface LinkState {
  state: 'confirme' | 'changement' | 'annule' | 'clos';
  date: string;
  moment: HalfDay;
  time: string | null;
}

export const MESSAGES = {
  invalid:
    'Ce lien n’est plus valable : le rendez-vous est passé, a été déplacé ou n’existe plus. Pour toute question, appelez le garage.',
  cancelled: 'Votre rendez-vous est annulé. Le garage est prévenu.',
  alreadyCancelled: 'Ce rendez-vous est annulé.',
  changeSent:
    'Votre demande d’un autre jour est envoyée : le garage vous rappelle pour convenir d’une nouvelle date.',
  closed:
    'Ce rendez-vous ne peut plus être changé en ligne. Pour toute question, appelez le garage.',
  crossSite:
    'Rien n’a été changé : la demande ne venait pas de cette page. Réessayez depuis le lien de votre e-mail.',
  failed:
    'Rien n’a pu être enregistré pour le moment. Réessayez dans quelques minutes, ou appelez le garage.',
  tooMany: 'Trop d’essais depuis votre connexion. Réessayez dans une heure, ou appelez le garage.',
  offline:
    'Le garage n’a pas pu être joint : vérifiez votre connexion à Internet, puis réessayez. Rien de ce que vous avez écrit n’est perdu.',
  noBackend: 'Cette page ne peut pas joindre le garage pour le moment. Appelez le garage.',
} as const;

/** The page's fixed words. */
export const LABELS = {
  heading: 'Votre rendez-vous',
  cancel: 'Annuler le rendez-vous',
  confirmQuestion:
    'Voulez-vous vraiment annuler ce rendez-vous ? Le garage sera prévenu et la demi-journée libérée.',
  confirmYes: 'Oui, annuler le rendez-vous',
  confirmNo: 'Non, garder le rendez-vous',
  changeHeading: 'Demander un autre jour',
  message: 'Votre message (facultatif, 500 caractères au plus)',
  halfDay: (n: number) => `Demi-journée souhaitée ${n} (facultatif)`,
  day: 'Jour',
  moment: 'Moment',
  morning: 'Matin',
  afternoon: 'Après-midi',
  changeSubmit: 'Demander un autre jour',
  garage: 'Le garage',
  map: 'Voir le plan',
  call: (phone: string) => `Appeler le ${phone}`,
  loading: 'Chargement de votre rendez-vous…',
} as const;

/** The page's title: « Votre rendez-vous – Garage X ». */
export const linkPageTitle = (garageName: string | undefined) =>
  `${LABELS.heading} – ${garageName?.trim() || 'Garage'}`;

/** What the page says about a valid link, and which actions it offers. */
export interface LinkView {
  /** « Rendez-vous » or « Rendez-vous annulé », before the day. */
  label: string;
  /** « mardi 1 décembre 2026, le matin (vers 9h30) ». */
  when: string;
  /** A sentence about the state, or '' (none, or a notice just said it). */
  stateText: string;
  canCancel: boolean;
  canChange: boolean;
}

/** The state→text logic of both pages; `noticeShown`: a notice just said what happened. */
export function linkView(appointment: LinkState, noticeShown: boolean): LinkView {
  const { state } = appointment;
  const stateText =
    state === 'annule'
      ? noticeShown
        ? ''
        : MESSAGES.alreadyCancelled
      : state === 'changement'
        ? noticeShown
          ? ''
          : MESSAGES.changeSent
        : state === 'clos'
          ? MESSAGES.closed
          : '';
  return {
    label: state === 'annule' ? 'Rendez-vous annulé' : 'Rendez-vous',
    when: halfDayText(appointment.date, appointment.moment, appointment.time),
    stateText,
    canCancel: state === 'confirme' || state === 'changement',
    canChange: state === 'confirme',
  };
}

/** A failed call to one of the link's functions, as the API's client reports it. */
export interface CallFailure {
  /** HTTP status; 0 when no answer came (no network). */
  status: number;
  code?: string;
  message?: string;
}

/**
 * The French sentence for a failed call: the function's own refusal (22023, already in French),
 * too many tries (429, the self-hosted API's limit), no network, or anything else.
 */
export function failureText(failure: CallFailure): string {
  if (failure.code === '22023' && failure.message) return failure.message;
  if (failure.status === 429) return MESSAGES.tooMany;
  if (failure.status === 0) return MESSAGES.offline;
  return MESSAGES.failed;
}

/** The half-days a form asks for, as appointment_link_change takes them (blank ones dropped). */
export function wantedHalfDays(
  rows: { date: string; moment: string }[],
): { date: string; moment: string }[] {
  return rows
    .map((row) => ({ date: row.date.trim(), moment: row.moment }))
    .filter((row) => row.date !== '');
}
