import { Hono, type Context } from 'hono';
import { describeError, log } from '../log.ts';
import type { AppContext } from '../context.ts';
import {
  AuthError,
  authErrorResponse,
  badRequest,
  echoApiVersion,
  readJsonObject,
  unprocessable,
} from './errors.ts';
import { adminRoutes } from './admin.ts';
import { mfaRoutes } from './mfa.ts';
import { serverProof } from './server-proof.ts';
import { setupRoutes } from './setup.ts';
import { recover } from './recover.ts';
import { pkceGrant, verifyLink, verifyTokenHash } from './recovery-verify.ts';
import { passwordGrant, refreshTokenGrant } from './token.ts';
import { getUser, logout, updateUser } from './user.ts';

/**
 * The part of GoTrue (Supabase Auth) that supabase-js uses: password sign-in, rotating refresh
 * tokens, get and update the user, logout, TOTP second factors, forgotten passwords by email
 * (docs/decisions/035-forgotten-password.md). Public sign-up is off (docs/decisions/002-secrets.md).
 */
export function authRoutes(ctx: AppContext): Hono {
  const app = new Hono();

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    if (grantType === 'password') return ok(c, await passwordGrant(ctx, c));
    if (grantType === 'refresh_token') return ok(c, await refreshTokenGrant(ctx, c));
    if (grantType === 'pkce') return ok(c, await pkceGrant(ctx, c));
    throw badRequest(
      'validation_failed',
      `grant_type non pris en charge : ${JSON.stringify(grantType ?? '')} (acceptés : password, refresh_token, pkce).`,
    );
  });
  app.get('/user', async (c) => ok(c, await getUser(ctx, c)));
  app.put('/user', async (c) => ok(c, await updateUser(ctx, c)));
  app.post('/logout', async (c) => {
    await logout(ctx, c);
    echoApiVersion(c);
    return c.body(null, 204);
  });

  // Accounts are created by the administrator command, or the first one from the one-time setup
  // link printed at start (./setup.ts): there is no sign-up.
  for (const path of ['/signup', '/invite']) {
    app.post(path, () => {
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    });
  }
  app.post('/recover', async (c) => ok(c, await recover(ctx, c)));
  app.get('/verify', (c) => verifyLink(ctx, c));
  app.post('/verify', async (c) => ok(c, await verifyTokenHash(ctx, c)));
  for (const path of ['/otp', '/magiclink', '/resend']) {
    app.post(path, () => {
      throw unprocessable(
        'email_provider_disabled',
        "Ce serveur n'envoie pas d'e-mails : connexion par lien, code ou réinitialisation indisponible.",
      );
    });
  }

  app.route('/setup', setupRoutes(ctx));
  app.route('/factors', mfaRoutes(ctx));
  app.route('/admin', adminRoutes(ctx));
  // Lets the administrator command check that it talks to this site before sending it anything.
  app.post('/server-proof', async (c) =>
    c.json(serverProof(ctx.config.jwtSecret, await readJsonObject(c))),
  );

  app.get('/health', (c) =>
    c.json({ name: 'GoTrue', version: 'garage-self-hosted', description: 'GoTrue subset' }),
  );
  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: true,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
      // This server only (absent on hosted Supabase, which always mails): whether a forgotten
      // password can be reset by email, for the sign-in page to offer it or say who resets it.
      password_recovery_email: ctx.mailer !== undefined,
    }),
  );
  // Tokens are signed with the shared secret (HS256): there is no public key to publish.
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }));

  app.all('*', (c) => {
    throw new AuthError(
      404,
      'not_found',
      `Point d'accès inconnu : ${c.req.method} ${new URL(c.req.url).pathname}`,
    );
  });

  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error);
    // Only the message: request bodies (passwords, tokens) must never reach a log.
    log.error(`Erreur interne du service d’authentification : ${describeError(error)}`);
    return authErrorResponse(
      c,
      new AuthError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      ),
    );
  });
  return app;
}

function ok(c: Context, body: object): Response {
  echoApiVersion(c);
  return c.json(body, 200);
}
