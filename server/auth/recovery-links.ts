import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { describeError, log } from '../log.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recoveryMail } from '../mail/recovery-mail.ts';
import type { Garage } from '../../supabase/functions/_shared/request-mails.ts';
import { hashToken } from './sessions.ts';
import { findUserByEmail } from './users.ts';

/** GoTrue's prefix of the tokens of a PKCE flow: the link then ends in `?code=`. */
export const PKCE_PREFIX = 'pkce_';

export interface PkceChallenge {
  method: 's256' | 'plain';
  challenge: string;
}

/** One forgotten-password request that passed its checks and limits. */
export interface RecoveryRequest {
  email: string;
  pkce: PkceChallenge | undefined;
  /** Where the link leads, already checked to be on this site. */
  redirectTo: string;
}

export interface RecoveryLinks {
  /**
   * Queues the request's work, to start once `answered` has settled (the answer sent), and returns
   * at once, whatever the address.
   */
  enqueue(request: RecoveryRequest, answered?: Promise<unknown>): void;
  /** Takes no more work; resolves once the queued work is done. */
  stop(): Promise<void>;
}

/**
 * Beyond this many requests waiting, new ones are dropped (and logged). The per-address and
 * per-email limits of `/recover` keep the queue far below it in normal use.
 */
const MAX_WAITING = 200;

/**
 * The work of a forgotten-password request, done after the answer has left: looking the address
 * up, replacing the account's link and mailing it. The answer then takes the same time whether
 * the address has an account or not, since nothing before it depends on the answer
 * (docs/decisions/043-recovery-answer-before-lookup.md). One request at a time, in order.
 */
export function createRecoveryLinks(db: Database, mailer: Mailer, siteUrl: string): RecoveryLinks {
  let chain: Promise<void> = Promise.resolve();
  let waiting = 0;
  let stopped = false;

  async function work(request: RecoveryRequest): Promise<void> {
    const link = await issueLink(db, siteUrl, request);
    if (!link) return;
    const garage = await garageOf(db);
    // Not awaited: a slow mail server must not hold the next requests' links back. A refused send
    // is logged by the mailer; the owner can ask again.
    void mailer.send(recoveryMail(link.to, link.href, siteUrl, garage)).catch(() => undefined);
  }

  return {
    enqueue(request, answered) {
      if (stopped) return;
      if (waiting >= MAX_WAITING) {
        log.warn('Trop de demandes de nouveau mot de passe en attente : une demande est ignorée.');
        return;
      }
      waiting += 1;
      chain = chain
        // After the answer is sent: PGlite's queries hold the event loop while they run, so work
        // started before would delay the answer it follows.
        .then(() => answered)
        .then(() => work(request))
        .catch((error: unknown) => {
          // Only the message: never the address or the link.
          log.error(`Lien de nouveau mot de passe non créé : ${describeError(error)}`);
        })
        .finally(() => {
          waiting -= 1;
        });
    },
    async stop() {
      stopped = true;
      await chain;
    },
  };
}

/**
 * Replaces the account's link (one at a time, as GoTrue's recovery_token) and returns where to
 * mail it; undefined when the address has no account.
 */
async function issueLink(
  db: Database,
  siteUrl: string,
  { email, pkce, redirectTo }: RecoveryRequest,
): Promise<{ to: string; href: string } | undefined> {
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return undefined;
    await tx.query(
      `delete from auth.flow_state where id in (select flow_state_id from auth.one_time_tokens
         where user_id = $1 and token_type = 'recovery_token')`,
      [user.id],
    );
    await tx.query(
      `delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'`,
      [user.id],
    );
    let flowStateId: string | null = null;
    if (pkce) {
      const { rows } = await tx.query<{ id: string }>(
        `insert into auth.flow_state (user_id, code_challenge_method, code_challenge, provider_type,
           authentication_method) values ($1, $2, $3, 'recovery', 'recovery') returning id::text`,
        [user.id, pkce.method, pkce.challenge],
      );
      flowStateId = rows[0]!.id;
    }
    const token = (pkce ? PKCE_PREFIX : '') + randomBytes(32).toString('base64url');
    await tx.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, flow_state_id)
       values ($1, 'recovery_token', $2, $3, $4)`,
      [user.id, hashToken(token), user.email, flowStateId],
    );
    const verify = new URL('/auth/v1/verify', siteUrl);
    verify.search = new URLSearchParams({
      token,
      type: 'recovery',
      redirect_to: redirectTo,
    }).toString();
    return { to: user.email, href: verify.href };
  });
}

/** The garage's name, address and phone from its identity, to sign the mail; none if unreadable. */
async function garageOf(db: Database): Promise<Garage> {
  try {
    const { rows } = await db.transaction((tx) =>
      tx.query<Garage>('select name, phone, email, address from private.garage_signature()'),
    );
    return rows[0] ?? { name: null, phone: null, email: null, address: null };
  } catch (error) {
    log.warn(`Identité du garage illisible pour signer l'e-mail : ${describeError(error)}`);
    return { name: null, phone: null, email: null, address: null };
  }
}
