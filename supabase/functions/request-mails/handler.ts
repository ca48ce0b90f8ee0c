import { bearerToken, isAdminRequest } from '../_shared/auth.ts';
import type { FunctionEnv, FunctionHandler } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { sendDueMails, type ClaimedMail, type MailQueue } from '../_shared/request-mail-queue.ts';
import { createServiceClient } from '../_shared/supabase.ts';
import type { SupabaseClient } from '@supabase/supabase-js';

/** What the back-office reads: whether mail is configured (never the values themselves). */
export interface MailStatus {
  /** SMTP_URL is set: mails can go out. */
  smtp: boolean;
  /** NOTIFY_EMAIL is set: the owner is told of new requests. */
  notifyEmail: boolean;
}

const OFF =
  'Les notifications par e-mail sont désactivées : définissez SMTP_URL et NOTIFY_EMAIL, puis redémarrez.';

/** The queue through supabase-js, as the service role (the only role allowed these functions). */
function rpcQueue(supabase: SupabaseClient): MailQueue {
  return {
    async claim(batch, leaseSeconds) {
      const { data, error } = await supabase.rpc('claim_request_mails', {
        batch,
        lease_seconds: leaseSeconds,
      });
      if (error) throw new Error(`${error.code} ${error.message}`);
      return (data ?? []) as ClaimedMail[];
    },
    async record(mailId, error, giveUp, retrySeconds) {
      const result = await supabase.rpc('record_request_mail', {
        mail_id: mailId,
        error,
        give_up: giveUp,
        retry_seconds: retrySeconds,
      });
      if (result.error) throw new Error(`${result.error.code} ${result.error.message}`);
    },
  };
}

/**
 * The request mails (docs/decisions/038-request-inbox.md). GET, for an administrator: whether
 * mail is configured, so the inbox can say notifications are off and how to turn them on. POST,
 * for the service role (a database webhook or a scheduled call on hosted Supabase) or an
 * administrator: sends the due mails of the queue, with the same retries as the self-hosted
 * server (docs/decisions/033-request-mail-outbox.md).
 */
export function createHandler(env: FunctionEnv): FunctionHandler {
  const supabase = createServiceClient(env);
  const status: MailStatus = { smtp: Boolean(env.smtpUrl), notifyEmail: Boolean(env.notifyEmail) };
  const sendMail = env.sendMail;

  const sendDue = (): Promise<number> => {
    if (env.sendRequestMails) return env.sendRequestMails();
    if (!sendMail) return Promise.resolve(0);
    return sendDueMails({
      queue: rpcQueue(supabase),
      send: sendMail,
      notifyEmail: env.notifyEmail,
      siteUrl: env.siteUrl ?? '',
      onFailure: (message) => console.warn(message),
    });
  };

  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method === 'GET') {
      if (!(await isAdminRequest(req, supabase)))
        return json({ error: 'Réservé aux administrateurs : connectez-vous.' }, 403);
      return json(status);
    }
    if (req.method === 'POST') {
      const service = bearerToken(req) === env.serviceRoleKey;
      if (!service && !(await isAdminRequest(req, supabase)))
        return json({ error: 'Réservé au serveur et aux administrateurs.' }, 403);
      if (!status.smtp) return json({ ...status, sent: 0, error: OFF }, 503);
      try {
        return json({ ...status, sent: await sendDue() });
      } catch (error) {
        console.error('request-mails : envoi impossible :', error);
        return json({ ...status, error: "Impossible d'envoyer les e-mails des demandes." }, 500);
      }
    }
    return json({ error: 'Méthode non autorisée : utilisez GET ou POST.' }, 405, {
      Allow: 'GET, POST, OPTIONS',
    });
  };
}
