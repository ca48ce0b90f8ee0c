import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/database.ts';
import { AuthError, badRequest, forbidden, readJsonObject } from './errors.ts';
import {
  RECOVERY_LINK_SECONDS,
  safeRedirect,
  verifierMatches,
  type PkceChallenge,
} from './recover.ts';
import {
  createSession,
  findSession,
  hashToken,
  newRefreshToken,
  sessionResponse,
  type SessionResponse,
} from './sessions.ts';
import { tokenOptions } from './token.ts';
import { findUserById, recordSignIn } from './users.ts';

/**
 * Following a forgotten-password link, as GoTrue's `/verify` and `/token?grant_type=pkce`: the
 * link is used up and opens an aal1 session (a second factor is still asked where it is needed).
 * docs/decisions/035-forgotten-password.md.
 */

/** GoTrue's lifetime of a PKCE authorization code once issued. */
const AUTH_CODE_SECONDS = 300;

const expiredLink = () => forbidden('otp_expired', 'Email link is invalid or has expired');

/** Uses up a link's token: its user and PKCE flow, or undefined when unknown, used or expired. */
async function consumeToken(
  tx: Tx,
  token: string,
): Promise<{ userId: string; flowStateId: string | null } | undefined> {
  const { rows } = await tx.query<{
    user_id: string;
    flow_state_id: string | null;
    fresh: boolean;
  }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = 'recovery_token'
     returning user_id::text, flow_state_id::text,
               created_at > now() - make_interval(secs => $2) as fresh`,
    [hashToken(token), RECOVERY_LINK_SECONDS],
  );
  const row = rows[0];
  return row?.fresh ? { userId: row.user_id, flowStateId: row.flow_state_id } : undefined;
}

/** A new aal1 session for the link's user, its `amr` saying it was opened by a recovery link. */
async function recoverySession(ctx: AppContext, c: Context, tx: Tx, userId: string) {
  const user = await findUserById(tx, userId);
  if (!user) throw expiredLink();
  await recordSignIn(tx, userId);
  const session = await createSession(tx, userId);
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, 'recovery')`,
    [session.id],
  );
  const refreshToken = await newRefreshToken(tx, session, null);
  const fresh = (await findUserById(tx, userId))!;
  return sessionResponse(
    fresh,
    (await findSession(tx, session.id))!,
    refreshToken,
    tokenOptions(ctx, c),
  );
}

/** GET /verify?token=…&type=recovery&redirect_to=…: the link in the mail, answered by a redirect. */
export async function verifyLink(ctx: AppContext, c: Context): Promise<Response> {
  const token = c.req.query('token') ?? '';
  const redirectTo = safeRedirect(ctx, c.req.query('redirect_to'));
  const pkce = token.startsWith('pkce_');
  let target: URL;
  try {
    if (c.req.query('type') !== 'recovery') {
      throw badRequest('validation_failed', 'Unsupported verification type');
    }
    target = await ctx.db.transaction(async (tx) => {
      const used = await consumeToken(tx, token);
      if (!used) throw expiredLink();
      const url = new URL(redirectTo);
      if (pkce && used.flowStateId) {
        const code = randomBytes(32).toString('base64url');
        await tx.query(
          `update auth.flow_state set auth_code = $2, auth_code_issued_at = now(), updated_at = now()
            where id = $1`,
          [used.flowStateId, hashToken(code)],
        );
        url.searchParams.set('code', code);
        return url;
      }
      const session = await recoverySession(ctx, c, tx, used.userId);
      url.hash = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: 'recovery',
      }).toString();
      return url;
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    // As GoTrue: the error in the fragment, and in the query too for a PKCE flow.
    target = new URL(redirectTo);
    const details = {
      error: error.status === 403 ? 'access_denied' : 'invalid_request',
      error_code: error.code,
      error_description: error.message,
    };
    if (pkce)
      for (const [key, value] of Object.entries(details)) target.searchParams.set(key, value);
    target.hash = new URLSearchParams({ ...details, sb: '' }).toString();
  }
  return c.redirect(target.href, 303);
}

/** POST /verify { type: 'recovery', token_hash }: supabase-js's `verifyOtp`, answered by a session. */
export async function verifyTokenHash(ctx: AppContext, c: Context): Promise<SessionResponse> {
  const body = await readJsonObject(c);
  if (body.type !== 'recovery') {
    throw badRequest('validation_failed', 'Unsupported verification type');
  }
  if (typeof body.token_hash !== 'string' || body.token_hash === '') {
    throw badRequest(
      'validation_failed',
      'Seul le lien reçu par e-mail est accepté : indiquez son token_hash.',
    );
  }
  const tokenHash = body.token_hash;
  return ctx.db.transaction(async (tx) => {
    const used = await consumeToken(tx, tokenHash);
    if (!used) throw expiredLink();
    return recoverySession(ctx, c, tx, used.userId);
  });
}

/** POST /token?grant_type=pkce { auth_code, code_verifier }: the code of a followed link. */
export async function pkceGrant(ctx: AppContext, c: Context): Promise<SessionResponse> {
  const body = await readJsonObject(c);
  const { auth_code: code, code_verifier: verifier } = body;
  if (typeof code !== 'string' || code === '' || typeof verifier !== 'string' || verifier === '') {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const outcome = await ctx.db.transaction(async (tx): Promise<SessionResponse | AuthError> => {
    const { rows } = await tx.query<
      PkceChallenge & { id: string; user_id: string | null; fresh: boolean }
    >(
      `select id::text, user_id::text, code_challenge_method as method, code_challenge as challenge,
              auth_code_issued_at > now() - make_interval(secs => $2) as fresh
         from auth.flow_state where auth_code = $1 for update`,
      [hashToken(code), AUTH_CODE_SECONDS],
    );
    const flow = rows[0];
    if (!flow?.user_id) {
      return new AuthError(
        404,
        'flow_state_not_found',
        'invalid flow state, no valid flow state found',
      );
    }
    if (!flow.fresh) {
      await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
      return badRequest('flow_state_expired', 'invalid flow state, flow state has expired');
    }
    if (!verifierMatches(verifier, flow)) {
      return forbidden(
        'bad_code_verifier',
        'code challenge does not match previously saved code verifier',
      );
    }
    await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
    return recoverySession(ctx, c, tx, flow.user_id);
  });
  // Returned rather than thrown so that a removed expired flow stays removed.
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
