import type { Database, Tx } from '../db/database.ts';
import { describeError, log } from '../log.ts';
import type { Mailer } from './mailer.ts';
import {
  sendDueMails,
  type ClaimedMail,
  type MailQueue,
} from '../../supabase/functions/_shared/request-mail-queue.ts';

/**
 * The mails of the quote and appointment requests (public.request_mails, queued by
 * public.submit_request), sent in the background with retries: a visitor's request never waits on
 * the mail server, and never fails because of it. A mail is claimed by pushing its next attempt
 * forward (a lease), sent outside any transaction (PGlite has a single connection), then marked
 * sent, retried later, or given up; the inbox shows the ones given up and the last error.
 * See docs/decisions/033-request-mail-outbox.md.
 */
export interface Outbox {
  /** Sends what is due soon, without waiting (after a new request). */
  kick(): void;
  /** Sends what is due now; resolves with the number of mails attempted. */
  runOnce(): Promise<number>;
  /** No more sending; resolves once the mail being sent, if any, is recorded. */
  stop(): Promise<void>;
}

export interface OutboxOptions {
  db: Database;
  mailer: Mailer;
  /** The owner's address (NOTIFY_EMAIL); without it, the owner's notifications fail, said so. */
  notifyEmail: string | undefined;
  /** The public origin, for the link to the request in the back-office. */
  siteUrl: string;
  /** Seconds before each retry; one more attempt than delays, then given up. */
  retryDelaysSeconds?: readonly number[];
  /** How often due retries are looked for (0: only on kick and runOnce). */
  intervalMs?: number;
}

const SERVICE = { role: 'service_role', claims: { role: 'service_role' } } as const;

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, mailer, notifyEmail, siteUrl } = options;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  const asService = <T>(fn: (tx: Tx) => Promise<T>) => db.asRequest(SERVICE, fn);
  const queue: MailQueue = {
    claim: (batch, leaseSeconds) =>
      asService(
        async (tx) =>
          (
            await tx.query<ClaimedMail>('select * from public.claim_request_mails($1, $2)', [
              batch,
              leaseSeconds,
            ])
          ).rows,
      ),
    record: async (mailId, error, giveUp, retrySeconds) => {
      await asService((tx) =>
        tx.query('select public.record_request_mail($1, $2, $3, $4)', [
          mailId,
          error,
          giveUp,
          retrySeconds,
        ]),
      );
    },
  };

  const drain = () =>
    sendDueMails({
      queue,
      send: (mail) => mailer.send(mail),
      notifyEmail,
      siteUrl,
      retryDelaysSeconds: options.retryDelaysSeconds,
      describe: describeError,
      onFailure: (message) => log.warn(message),
      stopped: () => stopped,
    });

  function runOnce(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await drain();
        } while (again && !stopped);
      } catch (error) {
        log.error(`Envoi des e-mails des demandes impossible : ${describeError(error)}`);
      } finally {
        running = undefined;
      }
      return total;
    })();
    return running;
  }

  const interval = options.intervalMs ?? 60_000;
  const timer = interval > 0 ? setInterval(() => void runOnce(), interval) : undefined;
  timer?.unref();

  return {
    kick: () => void runOnce(),
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
