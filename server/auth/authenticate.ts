import type { Context } from 'hono';
import type { AppContext } from '../context.ts';
import { verifyJwt } from '../jwt.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import { findSession, sessionEndReason, type SessionRow } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Caller {
  user: UserRow;
  /** Absent when the token carries no session_id (a token not issued by sign-in). */
  session: SessionRow | undefined;
}

/**
 * The signed-in user behind a request's bearer token, checked as GoTrue's requireAuthentication
 * does: a valid HS256 token, a user that still exists, and a session that was not ended.
 */
export async function authenticate(ctx: AppContext, c: Context): Promise<Caller> {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match)
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');

  const verified = await verifyJwt(match[1]!, ctx.config.jwtSecret);
  if (!verified.ok) {
    const why =
      verified.reason === 'expired'
        ? 'token has invalid claims: token is expired'
        : 'signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
  const { sub, session_id: sessionId } = verified.claims;
  if (typeof sub !== 'string' || sub === '')
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  if (sessionId !== undefined && (typeof sessionId !== 'string' || !UUID.test(sessionId))) {
    throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
  }

  return ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, sub);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    let session: SessionRow | undefined;
    if (sessionId) {
      session = await findSession(tx, sessionId);
      if (!session || session.user_id !== user.id) {
        const ended = session ? undefined : await sessionEndReason(tx, { sessionId });
        throw new AuthError(
          403,
          'session_not_found',
          'Session from session_id claim in JWT does not exist',
          ended ? { session_ended: ended } : {},
        );
      }
    }
    return { user, session };
  });
}
