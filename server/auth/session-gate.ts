import type { Context, MiddlewareHandler } from 'hono';
import type { AppContext } from '../context.ts';
import { verifyJwt } from '../jwt.ts';
import { sessionEndReason } from './sessions.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Refuses, on the data API and the functions, the access token of a session that has ended (logout,
 * password reset, demotion), as soon as this server knows of it (server/auth/session-liveness.ts).
 * Tokens without a session (the anon and service keys) and invalid tokens pass on: the route
 * behind answers those as it always does. `refuse` writes the refusal in the shape of the API it
 * guards (PostgREST's by default).
 */
export function refuseEndedSessions(
  ctx: AppContext,
  refuse: (c: Context, ended: string) => Response = postgrestRefusal,
): MiddlewareHandler {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (match && c.req.method !== 'OPTIONS') {
      const verified = await verifyJwt(match[1]!, ctx.config.jwtSecret);
      if (verified.ok && !(await ctx.sessions.accepts(verified.claims))) {
        const sessionId = verified.claims.session_id;
        // Why, for the back-office to say it (a field PostgREST clients ignore); a session still
        // there was refused for its user's role.
        const ended =
          typeof sessionId === 'string' && UUID.test(sessionId)
            ? await ctx.db.transaction((tx) => sessionEndReason(tx, { sessionId }))
            : undefined;
        return refuse(c, ended ?? 'revoked');
      }
    }
    await next();
  };
}

/** The header of every refusal of an ended session. */
export const SESSION_ENDED_HEADERS = {
  'WWW-Authenticate': 'Bearer error="invalid_token", error_description="session ended"',
};

function postgrestRefusal(c: Context, ended: string): Response {
  return c.json(
    {
      code: 'PGRST301',
      details: null,
      hint: 'Reconnectez-vous.',
      message: 'Session terminée : ce jeton a été révoqué.',
      session_ended: ended,
    },
    401,
    SESSION_ENDED_HEADERS,
  );
}
