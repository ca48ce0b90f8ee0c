import type { Context } from 'hono';
import type { AppContext } from '../context.ts';
import { AuthError, badRequest, readJsonObject, unprocessable } from './errors.ts';
import { addressKey, clientAddress } from '../client-address.ts';
import { PasswordHasherBusy, checkPassword, unknownUserHash } from './password-hasher.ts';
import { reserveAttempt, tooManyAttempts } from './sign-in-guard.ts';
import {
  createSession,
  deleteSessions,
  findRefreshToken,
  findSession,
  newRefreshToken,
  revokeRefreshToken,
  sessionEndReason,
  sessionResponse,
  type SessionResponse,
} from './sessions.ts';
import { findUserByEmail, findUserById, normalizeEmail, recordSignIn } from './users.ts';

/** GoTrue's answer for an unknown email and a wrong password alike. */
const INVALID_LOGIN = 'Invalid login credentials';

/**
 * How long a refresh token that was just used may be presented again, as GoTrue's
 * `refresh_token_reuse_interval` (10 s by default): two tabs waking up together both refresh with
 * the same token. After that, a reused token means it leaked, and the session ends.
 */
export const REFRESH_TOKEN_REUSE_SECONDS = 10;

export function tokenOptions(ctx: AppContext, c: Context) {
  return {
    secret: ctx.config.jwtSecret,
    expiry: ctx.config.jwtExpiry,
    issuer: `${new URL(c.req.url).origin}/auth/v1`,
  };
}

/** POST /token?grant_type=password: email and password for a new session. */
export async function passwordGrant(ctx: AppContext, c: Context): Promise<SessionResponse> {
  const body = await readJsonObject(c);
  const { email, phone, password } = body;
  if (typeof email === 'string' && email !== '' && typeof phone === 'string' && phone !== '') {
    throw unprocessable(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (typeof phone === 'string' && phone !== '' && !email) {
    throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  }
  if (typeof email !== 'string' || email.trim() === '')
    throw badRequest('validation_failed', 'missing email or phone');
  if (typeof password !== 'string' || password === '') {
    throw badRequest('validation_failed', 'Mot de passe manquant.');
  }

  // Counted before the password is checked: attempts sent at once are all counted.
  const attempt = await reserveAttempt(
    ctx.limits,
    normalizeEmail(email),
    addressKey(clientAddress(c, ctx.config.trustProxy)),
  );
  let user: Awaited<ReturnType<typeof findUserByEmail>>;
  let valid: boolean;
  try {
    if (attempt.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs));
    user = await ctx.db.transaction((tx) => findUserByEmail(tx, email));
    // Always run bcrypt, so an unknown email costs the same time as a wrong password.
    valid = await checkPassword(password, user?.encrypted_password ?? (await unknownUserHash()));
  } catch (error) {
    await attempt.cancelled();
    if (error instanceof PasswordHasherBusy) throw tooManyAttempts(1);
    throw error;
  }
  if (!user || !valid) {
    await attempt.failed();
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  await attempt.succeeded();
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  return ctx.db.transaction(async (tx) => {
    await recordSignIn(tx, user.id);
    const session = await createSession(tx, user.id);
    const refreshToken = await newRefreshToken(tx, session, null);
    const fresh = (await findUserById(tx, user.id))!;
    return sessionResponse(fresh, session, refreshToken, tokenOptions(ctx, c));
  });
}

/**
 * POST /token?grant_type=refresh_token: a new session for a refresh token, which is used up.
 * A used token presented again means it leaked (or was stolen): like GoTrue's reuse detection,
 * the whole session ends, so whoever holds its newer tokens is signed out too.
 */
export async function refreshTokenGrant(ctx: AppContext, c: Context): Promise<SessionResponse> {
  const body = await readJsonObject(c);
  const presented = body.refresh_token;
  if (typeof presented !== 'string' || presented === '') {
    throw badRequest('validation_failed', 'refresh_token required');
  }
  const outcome = await ctx.db.transaction(async (tx): Promise<SessionResponse | AuthError> => {
    const token = await findRefreshToken(tx, presented);
    const session = token && (await findSession(tx, token.session_id));
    if (!token || !session) {
      // GoTrue's answer, and (a field GoTrue clients ignore) why the session ended, if it did.
      const ended = await sessionEndReason(tx, { refreshToken: presented });
      return new AuthError(
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
        ended ? { session_ended: ended } : {},
      );
    }
    if (token.revoked && token.revoked_seconds_ago > REFRESH_TOKEN_REUSE_SECONDS) {
      await deleteSessions(tx, session.user_id, { only: session.id }, 'refresh_token_reused');
      ctx.sessions.forget([session.id]);
      return new AuthError(
        400,
        'refresh_token_already_used',
        'Invalid Refresh Token: Already Used',
        { session_ended: 'refresh_token_reused' },
      );
    }
    if (session.expired)
      return new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired', {
        session_ended: 'expired',
      });
    const user = await findUserById(tx, session.user_id);
    if (!user)
      return badRequest(
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      );
    // Within the reuse interval, a used token gets a sibling of the token that replaced it.
    if (!token.revoked) await revokeRefreshToken(tx, token.id);
    const refreshToken = await newRefreshToken(tx, session, token.token);
    return sessionResponse(user, session, refreshToken, tokenOptions(ctx, c));
  });
  // Returned rather than thrown so the revocation above is committed.
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
