import nodemailer from 'nodemailer';
import { describeError, log } from '../log.ts';
import type { Mail } from '../../supabase/functions/_shared/request-mails.ts';
import { mailSender, smtpTransportOptions } from '../../supabase/functions/_shared/smtp.ts';

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
 * Mail through the operator's SMTP server (nodemailer). Nothing here ever waits on a visitor's
 * request: callers send in the background (server/mail/outbox.ts) and record the outcome.
 */
export function createMailer(config: MailConfig): Mailer {
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
      try {
        await transport.sendMail({ from, ...mail });
      } catch (error) {
        log.warn(`Envoi d'un e-mail impossible : ${describeError(error)}`);
        throw error;
      }
    },
    close: () => transport.close(),
  };
}
