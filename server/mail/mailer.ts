import nodemailer from 'nodemailer';
import { describeError, log } from '../log.ts';

/** A message in French, plain text and HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

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

/** How long one attempt may take, connecting included: a slow mail server never holds anything. */
const TIMEOUT_MS = 15_000;

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
  const url = new URL(config.smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  const from = config.mailFrom || `Site du garage <site@${url.hostname}>`;
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
