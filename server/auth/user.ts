import type { Context } from 'hono';
import type { AppContext } from '../context.ts';
import { authenticate } from './authenticate.ts';
import { AuthError, badRequest, readJsonObject, unprocessable } from './errors.ts';
import { hasVerifiedFactor } from './mfa.ts';
import { deleteSessions } from './sessions.ts';
import { checkPassword } from './password-hasher.ts';
import {
  MAX_PASSWORD_BYTES,
  MIN_PASSWORD_LENGTH,
  passwordProblem,
  TOO_SHORT,
} from '../../src/lib/password-rules.ts';
import { findUserById, setPassword, setUserMetadata, toAuthUser, type AuthUser } from './users.ts';

/**
 * GoTrue's password check, with this project's rules (src/lib/password-rules.ts): 422
 * `weak_password` with GoTrue's reasons (`length`, or `pwned` for a password attackers try first)
 * and the reason in French, for the owner to read. `email` is the account's, which the password
 * must not be built on.
 */
export async function requireAcceptablePassword(password: unknown, email = ''): Promise<string> {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
    throw unprocessable('weak_password', TOO_SHORT, { weak_password: { reasons: ['length'] } });
  }
  // bcrypt ignores what follows the 72nd byte.
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw badRequest(
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
    );
  }
  const problem = await passwordProblem(password, email ? [email] : []);
  if (problem) {
    throw unprocessable('weak_password', problem, { weak_password: { reasons: ['pwned'] } });
  }
  return password;
}

/** GET /user: the signed-in user. */
export async function getUser(ctx: AppContext, c: Context): Promise<AuthUser> {
  const { user } = await authenticate(ctx, c);
  return toAuthUser(user);
}

/**
 * PUT /user: new password and/or user_metadata (`data`). As GoTrue does, a new password ends the
 * user's other sessions, and `data` is merged key by key, a null value removing its key.
 */
export async function updateUser(ctx: AppContext, c: Context): Promise<AuthUser> {
  const { user, session } = await authenticate(ctx, c);
  const body = await readJsonObject(c);
  const { password, data, email, phone } = body;

  if (typeof email === 'string' && email !== '' && email.trim().toLowerCase() !== user.email) {
    throw badRequest(
      'validation_failed',
      "Le changement d'adresse e-mail n'est pas pris en charge par ce serveur.",
    );
  }
  if (typeof phone === 'string' && phone !== '') {
    throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  }
  if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) {
    throw badRequest('validation_failed', 'Le champ « data » doit être un objet JSON.');
  }
  if (password !== undefined && password !== null) {
    // As GoTrue: with a second factor, only a session that verified it may change the password.
    if (
      session?.aal !== 'aal2' &&
      (await ctx.db.transaction((tx) => hasVerifiedFactor(tx, user.id)))
    ) {
      throw new AuthError(
        401,
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
    }
    const accepted = await requireAcceptablePassword(password, user.email);
    if (await checkPassword(accepted, user.encrypted_password)) {
      throw unprocessable(
        'same_password',
        'New password should be different from the old password.',
      );
    }
  }

  const updated = await ctx.db.transaction(async (tx) => {
    if (typeof password === 'string') {
      await setPassword(tx, user.id, password);
      await deleteSessions(
        tx,
        user.id,
        session ? { except: session.id } : 'all',
        'password_changed',
      );
      // A forgotten-password link asked before the change no longer opens the account.
      await tx.query(
        `delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'`,
        [user.id],
      );
    }
    if (data && typeof data === 'object') {
      const merged: Record<string, unknown> = { ...toAuthUser(user).user_metadata };
      for (const [key, value] of Object.entries(data)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      await setUserMetadata(tx, user.id, merged);
    }
    return toAuthUser((await findUserById(tx, user.id))!);
  });
  if (typeof password === 'string') ctx.sessions.forget('all');
  return updated;
}

/** POST /logout?scope=global|local|others: ends sessions, whose refresh tokens die with them. */
export async function logout(ctx: AppContext, c: Context): Promise<void> {
  const { user, session } = await authenticate(ctx, c);
  const scope = c.req.query('scope') ?? 'global';
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
  }
  await ctx.db.transaction(async (tx) => {
    // Without a session in the token, GoTrue ends them all whatever the scope.
    if (!session || scope === '' || scope === 'global')
      await deleteSessions(tx, user.id, 'all', 'signed_out_everywhere');
    else if (scope === 'local')
      await deleteSessions(tx, user.id, { only: session.id }, 'signed_out');
    else await deleteSessions(tx, user.id, { except: session.id }, 'signed_out_others');
  });
  // Their access tokens are refused from now on, not when they expire.
  ctx.sessions.forget('all');
}
