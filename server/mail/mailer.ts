import nodemailer from 'nodemailer';
import { MAIL_KEY, type Limiter } from '../limits/index.ts';
import { describeError, log } from '../log.ts';
import type { Mail } from '../../supabase/functions/_shared/request-mails.ts';
import {
  mailFromHeader,
  mailSender,
  smtpTransportOptions,
} from '../../supabase/functions/_shared/smtp.ts';

export type { Mail };

export interface Mailer {
  /** False without SMTP_URL: features that send mail say they are off, and how to turn them on. */
  readonly enabled: boolean;
  /** Sends now; throws with the cause when the mail server refuses or cannot be reached. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailConfig {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. */
  smtpUrl: string | undefined;
  /** The sender, e.g. « Garage <site@garage-exemple.fr> ». */
  mailFrom: string | undefined;
}

/**
 * A send refused because the site sent its hourly number of mails (MAIL_HOURLY_LIMIT): the
 * request mails wait and go later (supabase/functions/_shared/request-mail-queue.ts).
 */
export class MailLimitReached extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(
      `Nombre d'e-mails par heure atteint (MAIL_HOURLY_LIMIT) : envoi reporté de ${Math.ceil(retryAfterSeconds / 60)} min.`,
    );
  }
}

/**
 * Mail through the operator's SMTP server (nodemailer). Nothing here ever waits on a visitor's
 * request: callers send in the background (server/mail/outbox.ts) and record the outcome. Every
 * mail counts against `hourly`, the site's mails per hour whatever their recipient (shared by
 * the processes of one site over PostgreSQL), so that no flood of requests or password resets
 * turns the garage's mail server into a spammer (docs/decisions/045-request-form-abuse.md).
 */
export function createMailer(config: MailConfig, hourly?: Limiter): Mailer {
  if (!config.smtpUrl) {
    return {
      enabled: false,
      send: () =>
        Promise.reject(new Error("SMTP_URL n'est pas défini : aucun e-mail n'est envoyé.")),
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(smtpTransportOptions(config.smtpUrl));
  const from = mailSender(config.smtpUrl, config.mailFrom);
  return {
    enabled: true,
    async send(mail) {
      const verdict = await hourly?.take(MAIL_KEY);
      if (verdict && !verdict.ok) {
        log.warn(`Envoi d'un e-mail reporté : MAIL_HOURLY_LIMIT (${hourly!.rate.points}) atteint.`);
        throw new MailLimitReached(verdict.retryAfterSeconds);
      }
      try {
        const { senderName, ...message } = mail;
        await transport.sendMail({ ...message, from: mailFromHeader(from, senderName) });
      } catch (error) {
        log.warn(`Envoi d'un e-mail impossible : ${describeError(error)}`);
        throw error;
      }
    },
    close: () => transport.close(),
  };
}
