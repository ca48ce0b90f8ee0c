import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { AppContext } from '../context.ts';
import { addressKey, clientAddress } from '../client-address.ts';
import { AuthError, badRequest, readJsonObject, unprocessable } from './errors.ts';
import type { PkceChallenge } from './recovery-links.ts';
import { isValidEmail, normalizeEmail } from './users.ts';

export type { PkceChallenge } from './recovery-links.ts';

/**
 * Forgotten passwords, as GoTrue's `POST /recover`: a single-use link, valid one hour, mailed to
 * the address if it has an account; the answer is the same, and as quick, whether it has one or
 * not: the account is looked up after the answer (server/auth/recovery-links.ts).
 * docs/decisions/035-forgotten-password.md, docs/decisions/043-recovery-answer-before-lookup.md.
 */

/** How long a mailed link opens the account (GoTrue's `MAILER_OTP_EXP` default). */
export const RECOVERY_LINK_SECONDS = 3600;
/** Where the link leads when the page gave no address of this site (the back-office's page). */
export const NEW_PASSWORD_PATH = '/admin/nouveau-mot-de-passe';
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

/**
 * Settles once the answer has been handed to the network (or the connection closed); at once when
 * the request did not come through Node's HTTP server (a direct `fetch` of the app).
 */
function answerSent(c: Context): Promise<void> {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || outgoing.writableFinished || outgoing.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    outgoing.once('finish', resolve);
    outgoing.once('close', resolve);
  });
}

/** POST /recover { email, code_challenge?, code_challenge_method? }, `?redirect_to=`. */
export async function recover(ctx: AppContext, c: Context): Promise<object> {
  if (!ctx.mailer) {
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

  // Nothing up to here depends on the address having an account: the lookup, the link and the
  // mail happen after the answer has left.
  ctx.recoveries?.enqueue({ email: normalizeEmail(email), pkce, redirectTo }, answerSent(c));
  return {};
}

/** The PKCE check of `POST /token?grant_type=pkce`: the verifier must give the stored challenge. */
export function verifierMatches(verifier: string, stored: PkceChallenge): boolean {
  if (stored.method === 'plain') return verifier === stored.challenge;
  return createHash('sha256').update(verifier).digest('base64url') === stored.challenge;
}
