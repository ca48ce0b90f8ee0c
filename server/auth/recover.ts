import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { AppContext } from '../context.ts';
import { addressKey, clientAddress } from '../client-address.ts';
import { recoveryMail } from '../mail/recovery-mail.ts';
import { AuthError, badRequest, readJsonObject, unprocessable } from './errors.ts';
import { hashToken } from './sessions.ts';
import { findUserByEmail, isValidEmail, normalizeEmail } from './users.ts';

/**
 * Forgotten passwords, as GoTrue's `POST /recover`: a single-use link, valid one hour, mailed to
 * the address if it has an account; the answer is the same whether it has one or not.
 * docs/decisions/035-forgotten-password.md.
 */

/** How long a mailed link opens the account (GoTrue's `MAILER_OTP_EXP` default). */
export const RECOVERY_LINK_SECONDS = 3600;
/** Where the link leads when the page gave no address of this site (the back-office's page). */
export const NEW_PASSWORD_PATH = '/admin/nouveau-mot-de-passe';
/** GoTrue's prefix of the tokens of a PKCE flow: the link then ends in `?code=`. */
export const PKCE_PREFIX = 'pkce_';

export interface PkceChallenge {
  method: 's256' | 'plain';
  challenge: string;
}

/** The message of GoTrue's refused sends, in French with the wait. */
export function tooManyRecoveries(retryAfterSeconds: number): AuthError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AuthError(
    429,
    'over_email_send_rate_limit',
    `Trop de demandes de nouveau mot de passe. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** GoTrue's `validatePKCEParams`: both or neither, a known method, 43 to 128 characters. */
export function pkceChallenge(body: Record<string, unknown>): PkceChallenge | undefined {
  const challenge = typeof body.code_challenge === 'string' ? body.code_challenge : '';
  const method = typeof body.code_challenge_method === 'string' ? body.code_challenge_method : '';
  if (challenge === '' && method === '') return undefined;
  if (challenge === '' || method === '') {
    throw badRequest(
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  const lower = method.toLowerCase();
  if (lower !== 's256' && lower !== 'plain') {
    throw badRequest(
      'validation_failed',
      `code challenge method not supported: ${method} (supported: s256, plain)`,
    );
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { method: lower, challenge };
}

/**
 * The address to send the browser back to: `redirect_to` when it is on this site (GoTrue accepts
 * its Site URL and allow list only), else the back-office's new-password page.
 */
export function safeRedirect(ctx: AppContext, redirectTo: string | undefined): string {
  const site = new URL(ctx.siteUrl);
  if (redirectTo) {
    try {
      const url = new URL(redirectTo);
      if (url.origin === site.origin) return url.href;
    } catch {
      // Not an address: the default below.
    }
  }
  return new URL(NEW_PASSWORD_PATH, site).href;
}

/** POST /recover { email, code_challenge?, code_challenge_method? }, `?redirect_to=`. */
export async function recover(ctx: AppContext, c: Context): Promise<object> {
  const mailer = ctx.mailer;
  if (!mailer) {
    throw unprocessable(
      'email_provider_disabled',
      "Ce serveur n'envoie pas d'e-mails : connexion par lien, code ou réinitialisation indisponible.",
    );
  }
  const body = await readJsonObject(c);
  const { email } = body;
  if (typeof email !== 'string' || email.trim() === '') {
    throw badRequest('validation_failed', 'Password recovery requires an email');
  }
  if (!isValidEmail(email)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  const pkce = pkceChallenge(body);
  const redirectTo = safeRedirect(ctx, c.req.query('redirect_to'));

  // Counted whether or not the address has an account, so that a refusal reveals nothing either.
  const address = clientAddress(c, ctx.config.trustProxy);
  for (const [limiter, key] of [
    [ctx.limits.recoveryAddress, addressKey(address)],
    [ctx.limits.recoveryEmail, normalizeEmail(email)],
  ] as const) {
    if (address === 'internal' && limiter === ctx.limits.recoveryAddress) continue;
    const verdict = await limiter.take(key);
    if (!verdict.ok) throw tooManyRecoveries(verdict.retryAfterSeconds);
  }

  const link = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return undefined;
    // One link at a time: asking again replaces the previous one (as GoTrue's recovery_token).
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
    const verify = new URL('/auth/v1/verify', ctx.siteUrl);
    verify.search = new URLSearchParams({
      token,
      type: 'recovery',
      redirect_to: redirectTo,
    }).toString();
    return { to: user.email, href: verify.href };
  });
  // Sent in the background: the answer takes the same time whether the address has an account.
  // A refused send is logged by the mailer.
  if (link) void mailer.send(recoveryMail(link.to, link.href, ctx.siteUrl)).catch(() => undefined);
  return {};
}

/** The PKCE check of `POST /token?grant_type=pkce`: the verifier must give the stored challenge. */
export function verifierMatches(verifier: string, stored: PkceChallenge): boolean {
  if (stored.method === 'plain') return verifier === stored.challenge;
  return createHash('sha256').update(verifier).digest('base64url') === stored.challenge;
}
