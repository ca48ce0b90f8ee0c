import type { Database, Tx } from '../db/database.ts';
import { describeError, log } from '../log.ts';
import type { Mailer } from './mailer.ts';
import { ownerNotification, visitorAcknowledgement, type RequestRow } from './request-mails.ts';

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

/** 1 minute, 5 minutes, 30 minutes, 2 hours, 12 hours: six attempts over about 15 hours. */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 43200] as const;
/** How long a claimed mail is left to its sender before another may claim it. */
const LEASE_SECONDS = 300;
const BATCH = 20;

const SERVICE = { role: 'service_role', claims: { role: 'service_role' } } as const;

interface Claimed extends Omit<RequestRow, 'preferred_dates'> {
  mail_id: number;
  kind: 'proprietaire' | 'accuse_reception';
  attempts: number;
  preferred_dates: string | RequestRow['preferred_dates'];
}

const CLAIM = `
  with due as (
    select m.id from public.request_mails m
     where m.status = 'en_attente' and m.next_attempt_at <= now()
     order by m.next_attempt_at, m.id
     limit ${BATCH}
     for update skip locked
  ), claimed as (
    update public.request_mails m
       set attempts = m.attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
      from due where m.id = due.id
    returning m.id, m.request_id, m.kind, m.attempts
  )
  select c.id as mail_id, c.kind, c.attempts, r.id, r.created_at::text as created_at, r.name,
         r.phone, r.email, r.vehicle_make, r.vehicle_model, r.vehicle_year, r.plate, r.service,
         r.preferred_dates, r.message
    from claimed c join public.requests r on r.id = c.request_id
   order by c.id`;

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, mailer, notifyEmail, siteUrl } = options;
  const delays = options.retryDelaysSeconds ?? RETRY_DELAYS_SECONDS;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  const asService = <T>(fn: (tx: Tx) => Promise<T>) => db.asRequest(SERVICE, fn);

  async function attempt(mail: Claimed): Promise<void> {
    const request: RequestRow = {
      ...mail,
      preferred_dates:
        typeof mail.preferred_dates === 'string'
          ? (JSON.parse(mail.preferred_dates) as RequestRow['preferred_dates'])
          : mail.preferred_dates,
    };
    let error: string | undefined;
    try {
      if (mail.kind === 'proprietaire') {
        if (!notifyEmail)
          throw new Error(
            "NOTIFY_EMAIL n'est pas défini : le garage ne reçoit pas les demandes par e-mail.",
          );
        await mailer.send(ownerNotification(request, notifyEmail, siteUrl));
      } else if (request.email) {
        await mailer.send(visitorAcknowledgement(request, notifyEmail));
      }
    } catch (cause) {
      error = describeError(cause).slice(0, 1000);
    }
    const unconfigured = mail.kind === 'proprietaire' && !notifyEmail;
    const giveUp = error !== undefined && (mail.attempts > delays.length || unconfigured);
    await asService((tx) =>
      error === undefined
        ? tx.query(
            `update public.request_mails
                set status = 'envoye', sent_at = now(), last_error = null where id = $1`,
            [mail.mail_id],
          )
        : tx.query(
            `update public.request_mails
                set status = case when $2 then 'echec' else 'en_attente' end,
                    last_error = $3,
                    next_attempt_at = now() + make_interval(secs => $4)
              where id = $1`,
            [mail.mail_id, giveUp, error, delays[mail.attempts - 1] ?? 0],
          ),
    );
    if (error !== undefined && !unconfigured)
      log.warn(
        `E-mail de la demande ${request.id} non envoyé (essai ${mail.attempts}${giveUp ? ', abandonné' : ''}) : ${error}`,
      );
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await asService(async (tx) => (await tx.query<Claimed>(CLAIM)).rows);
      for (const mail of claimed) await attempt(mail);
      total += claimed.length;
      if (claimed.length < BATCH || stopped) return total;
    }
  }

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
