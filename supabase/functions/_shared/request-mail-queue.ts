import {
  ownerNotification,
  visitorAcknowledgement,
  writtenMail,
  type Mail,
  type MailAttachment,
  type RequestRow,
} from './request-mails.ts';

/**
 * Sending the request mails queued in public.request_mails (docs/decisions/033-request-mail-outbox.md):
 * the due mails are claimed (public.claim_request_mails), sent outside any transaction, then
 * recorded as sent, retried later, or given up (public.record_request_mail). The self-hosted
 * server (server/mail/outbox.ts) and the hosted edge function (request-mails) both run this, each
 * reaching the two functions its own way.
 */

/** A claimed mail, with the request its message needs and the garage's name and contact. */
export interface ClaimedMail extends Omit<RequestRow, 'preferred_dates'> {
  mail_id: number;
  kind: MailKind;
  attempts: number;
  /** JSON text or parsed, depending on the driver. */
  preferred_dates: string | RequestRow['preferred_dates'];
  garage_name: string | null;
  garage_phone: string | null;
  garage_email: string | null;
  garage_address: string | null;
  /** The mails written when queued (every kind but the two of a new request). */
  recipient: 'client' | 'proprietaire' | null;
  subject: string | null;
  body: string | null;
  /** JSON text or parsed, depending on the driver. */
  attachments: string | MailAttachment[] | null;
}

/** Why a mail is sent (public.request_mails' kinds). */
export type MailKind =
  | 'proprietaire'
  | 'accuse_reception'
  | 'confirmation'
  | 'rappel'
  | 'reponse'
  | 'annulation'
  | 'changement';

const parsed = <T>(value: string | T): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/**
 * A send refused because the site's hourly number of mails is reached: not a failure of the mail,
 * which waits `retryAfterSeconds` and is never given up for it.
 */
function postponedFor(error: unknown): number | undefined {
  const seconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

export interface MailQueue {
  claim(batch: number, leaseSeconds: number): Promise<ClaimedMail[]>;
  /** `error` null: sent; otherwise retried after `retrySeconds`, or given up. */
  record(
    mailId: number,
    error: string | null,
    giveUp: boolean,
    retrySeconds: number,
  ): Promise<void>;
}

export interface SendOptions {
  queue: MailQueue;
  send(mail: Mail): Promise<void>;
  /** The owner's address (NOTIFY_EMAIL); without it, the owner's notifications fail, said so. */
  notifyEmail: string | undefined;
  /** The public origin, for the link to the request in the back-office. */
  siteUrl: string;
  /** Seconds before each retry; one more attempt than delays, then given up. */
  retryDelaysSeconds?: readonly number[];
  /** A failure's cause in one line (no secrets). */
  describe?: (error: unknown) => string;
  /** Told of each failed attempt, except the ones NOTIFY_EMAIL's absence explains. */
  onFailure?: (message: string) => void;
  /** Asked between batches: true ends the sending. */
  stopped?: () => boolean;
}

/** 1 minute, 5 minutes, 30 minutes, 2 hours, 12 hours: six attempts over about 15 hours. */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 43200] as const;
/** How long a claimed mail is left to its sender before another may claim it. */
export const LEASE_SECONDS = 300;
const BATCH = 20;

export const NO_NOTIFY_EMAIL =
  "NOTIFY_EMAIL n'est pas défini : le garage ne reçoit pas les demandes par e-mail.";

const plainDescription = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

async function attempt(mail: ClaimedMail, options: SendOptions): Promise<void> {
  const { notifyEmail, siteUrl } = options;
  const delays = options.retryDelaysSeconds ?? RETRY_DELAYS_SECONDS;
  const request: RequestRow = {
    ...mail,
    preferred_dates: parsed(mail.preferred_dates),
  };
  const garage = {
    name: mail.garage_name,
    phone: mail.garage_phone,
    email: mail.garage_email,
    address: mail.garage_address,
  };
  const toOwner =
    mail.kind === 'proprietaire' || (mail.subject !== null && mail.recipient === 'proprietaire');
  let error: string | null = null;
  let postponed: number | undefined;
  try {
    if (toOwner && !notifyEmail) throw new Error(NO_NOTIFY_EMAIL);
    if (mail.kind === 'proprietaire') {
      await options.send(ownerNotification(request, notifyEmail!, siteUrl, garage));
    } else if (mail.kind === 'accuse_reception') {
      if (request.email) await options.send(visitorAcknowledgement(request, garage, notifyEmail));
    } else if (mail.subject !== null && mail.body !== null) {
      const to = toOwner ? notifyEmail! : request.email;
      if (!to)
        throw new Error("La demande n'a pas d'adresse e-mail : le message n'a pas pu partir.");
      const attachments = mail.attachments === null ? [] : parsed(mail.attachments);
      const replyTo = toOwner ? (request.email ?? undefined) : notifyEmail;
      await options.send(
        writtenMail({ to, subject: mail.subject, body: mail.body, attachments, replyTo }, garage),
      );
    }
  } catch (cause) {
    error = (options.describe ?? plainDescription)(cause).slice(0, 1000);
    postponed = postponedFor(cause);
  }
  const unconfigured = toOwner && !notifyEmail;
  const giveUp =
    error !== null && postponed === undefined && (mail.attempts > delays.length || unconfigured);
  const retry = postponed ?? delays[mail.attempts - 1] ?? 0;
  await options.queue.record(mail.mail_id, error, giveUp, retry);
  if (error !== null && !unconfigured)
    options.onFailure?.(
      `E-mail de la demande ${request.id} non envoyé (essai ${mail.attempts}${giveUp ? ', abandonné' : ''}) : ${error}`,
    );
}

/** Sends every mail due now, batch after batch; resolves with the number of mails attempted. */
export async function sendDueMails(options: SendOptions): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await options.queue.claim(BATCH, LEASE_SECONDS);
    for (const mail of claimed) await attempt(mail, options);
    total += claimed.length;
    if (claimed.length < BATCH || options.stopped?.()) return total;
  }
}
