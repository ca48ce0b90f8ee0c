import type { Context } from 'hono';
import type { AppContext } from '../context.ts';
import { AuthError, badRequest, readJsonObject, unprocessable } from './errors.ts';
import { clientAddress, type SignInLimiter } from './rate-limit.ts';
import {
  createSession,
  deleteSessions,
  findRefreshToken,
  findSession,
  newRefreshToken,
  revokeRefreshToken,
  sessionResponse,
  type SessionResponse,
} from './sessions.ts';
import {
  checkPassword,
  findUserByEmail,
  findUserById,
  normalizeEmail,
  recordSignIn,
  unknownUserHash,
} from './users.ts';

/** GoTrue's answer for an unknown email and a wrong password alike. */
const INVALID_LOGIN = 'Invalid login credentials';

export interface TokenOptions {
  limiter: SignInLimiter;
  trustProxy: boolean;
}

function tokenOptions(ctx: AppContext, c: Context) {
  return {
    secret: ctx.config.jwtSecret,
    expiry: ctx.config.jwtExpiry,
    issuer: `${new URL(c.req.url).origin}/auth/v1`,
  };
}

/** POST /token?grant_type=password: email and password for a new session. */
export async function passwordGrant(
  ctx: AppContext,
  c: Context,
  options: TokenOptions,
): Promise<SessionResponse> {
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

  const emailKey = `email:${normalizeEmail(email)}`;
  const keys = [emailKey, `address:${clientAddress(c, options.trustProxy)}`];
  options.limiter.check(keys);

  const user = await ctx.db.transaction((tx) => findUserByEmail(tx, email));
  // Always run bcrypt, so an unknown email costs the same time as a wrong password.
  const valid = await checkPassword(
    password,
    user?.encrypted_password ?? (await unknownUserHash()),
  );
  if (!user || !valid) {
    options.limiter.recordFailure(keys);
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  options.limiter.clear(emailKey);

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
      return badRequest(
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      );
    }
    if (token.revoked) {
      await deleteSessions(tx, session.user_id, { only: session.id });
      return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    if (session.expired)
      return badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    const user = await findUserById(tx, session.user_id);
    if (!user)
      return badRequest(
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      );
    await revokeRefreshToken(tx, token.id);
    const refreshToken = await newRefreshToken(tx, session, token.token);
    return sessionResponse(user, session, refreshToken, tokenOptions(ctx, c));
  });
  // Returned rather than thrown so the revocation above is committed.
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
