import type { MiddlewareHandler } from 'hono';
import type { AppContext } from '../context.ts';
import { verifyJwt } from '../jwt.ts';

/**
 * Refuses, on the data API and the functions, the access token of a session that has ended (logout,
 * password reset, demotion), as soon as this server knows of it (server/auth/session-liveness.ts).
 * Tokens without a session (the anon and service keys) and invalid tokens pass on: the route
 * behind answers those as it always does.
 */
export function refuseEndedSessions(ctx: AppContext): MiddlewareHandler {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (match && c.req.method !== 'OPTIONS') {
      const verified = await verifyJwt(match[1]!, ctx.config.jwtSecret);
      if (verified.ok && !(await ctx.sessions.accepts(verified.claims))) {
        return c.json(
          {
            code: 'PGRST301',
            details: null,
            hint: 'Reconnectez-vous.',
            message: 'Session terminée : ce jeton a été révoqué.',
          },
          401,
          { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="session ended"' },
        );
      }
    }
    await next();
  };
}
