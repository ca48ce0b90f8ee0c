import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/database.ts';
import { addressKey, clientAddress } from '../client-address.ts';
import { authenticate, type Caller } from './authenticate.ts';
import {
  AuthError,
  badRequest,
  echoApiVersion,
  forbidden,
  readJsonObject,
  unprocessable,
} from './errors.ts';
import { reserveAttempt } from './sign-in-guard.ts';
import {
  findSession,
  newRefreshToken,
  sessionResponse,
  setSessionEndReason,
  type SessionRow,
} from './sessions.ts';
import {
  decryptTotpSecret,
  encryptTotpSecret,
  generateTotpSecret,
  matchingStep,
  totpUri,
} from './totp.ts';
import { findUserById } from './users.ts';
import { totpQrSvg } from './qr-code.ts';

/**
 * GoTrue's multi-factor API for TOTP factors, as supabase-js's `auth.mfa` calls it: enrol, challenge,
 * verify (which raises the session to aal2) and unenrol. docs/decisions/034-two-factor-sign-in.md.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** GoTrue's defaults: a challenge lives 5 minutes, an unverified factor without challenge too. */
const CHALLENGE_EXPIRY_SECONDS = 300;
const UNVERIFIED_FACTOR_EXPIRY_SECONDS = 300;
/** GoTrue's default limits on factors per user. */
const MAX_ENROLLED_FACTORS = 10;
const MAX_VERIFIED_FACTORS = 10;

interface FactorRow {
  id: string;
  user_id: string;
  status: 'verified' | 'unverified';
  factor_type: string;
  friendly_name: string | null;
  secret: string | null;
  last_totp_step: string | null;
}

export function mfaRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.post('/', async (c) => ok(c, await enroll(ctx, c)));
  app.post('/:id/challenge', async (c) => ok(c, await challenge(ctx, c)));
  app.post('/:id/verify', async (c) => ok(c, await verify(ctx, c)));
  app.delete('/:id', async (c) => ok(c, await unenroll(ctx, c)));
  return app;
}

function ok(c: Context, body: object): Response {
  echoApiVersion(c);
  return c.json(body, 200);
}

function requireSession(caller: Caller): SessionRow {
  if (!caller.session) {
    throw new AuthError(
      500,
      'unexpected_failure',
      'A valid session and a registered user are required to enroll a factor',
    );
  }
  return caller.session;
}

/**
 * The factor id of the path, in the lower case Postgres writes uuids in. Postgres reads a uuid in
 * any letter case, so every lookup and limit keys on this form: `ABC…` and `abc…` are one factor.
 */
function factorIdOf(c: Context): string {
  const id = (c.req.param('id') ?? '').toLowerCase();
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  return id;
}

async function loadFactor(tx: Tx, c: Context, userId: string): Promise<FactorRow> {
  const id = factorIdOf(c);
  const { rows } = await tx.query<FactorRow>(
    `select id::text, user_id::text, status::text, factor_type::text, friendly_name, secret,
            last_totp_step::text
       from auth.mfa_factors where id = $1 and user_id = $2 for update`,
    [id, userId],
  );
  if (!rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

/** POST /factors: a new, unverified TOTP factor, with its secret shown this once. */
async function enroll(ctx: AppContext, c: Context) {
  const caller = await authenticate(ctx, c);
  const session = requireSession(caller);
  const body = await readJsonObject(c);
  const factorType = body.factor_type;
  if (factorType === 'phone') {
    throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  }
  if (factorType === 'webauthn') {
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  if (factorType !== 'totp') {
    throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  }
  const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name : '';
  const issuer =
    typeof body.issuer === 'string' && body.issuer !== '' ? body.issuer : new URL(ctx.siteUrl).host;

  const secret = generateTotpSecret();
  const uri = totpUri(secret, issuer, caller.user.email);
  const factor = await ctx.db.transaction(async (tx) => {
    await tx.query(
      `delete from auth.mfa_factors f where f.user_id = $1 and f.status <> 'verified'
         and not exists (select 1 from auth.mfa_challenges ch where ch.factor_id = f.id)
         and f.created_at + make_interval(secs => $2) < now()`,
      [caller.user.id, UNVERIFIED_FACTOR_EXPIRY_SECONDS],
    );
    const { rows } = await tx.query<{ friendly_name: string | null; status: string }>(
      'select friendly_name, status::text from auth.mfa_factors where user_id = $1',
      [caller.user.id],
    );
    if (friendlyName !== '' && rows.some((row) => row.friendly_name === friendlyName)) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      );
    }
    const verified = rows.filter((row) => row.status === 'verified').length;
    if (rows.length >= MAX_ENROLLED_FACTORS || verified >= MAX_VERIFIED_FACTORS) {
      throw unprocessable(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (verified > 0 && session.aal !== 'aal2') {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    const inserted = await tx.query<{ id: string }>(
      `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status)
       values ($1, nullif($2, ''), 'totp', 'unverified') returning id::text`,
      [caller.user.id, friendlyName],
    );
    const id = inserted.rows[0]!.id;
    await tx.query('update auth.mfa_factors set secret = $2 where id = $1', [
      id,
      encryptTotpSecret(secret, ctx.config.jwtSecret, id),
    ]);
    return { id };
  });
  const qrCode = await totpQrSvg(uri);
  return {
    id: factor.id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qrCode, secret, uri },
  };
}

/** POST /factors/{id}/challenge: a challenge to verify a code against, bound to the caller's address. */
async function challenge(ctx: AppContext, c: Context) {
  const caller = await authenticate(ctx, c);
  const address = clientAddress(c, ctx.config.trustProxy);
  return ctx.db.transaction(async (tx) => {
    const factor = await loadFactor(tx, c, caller.user.id);
    const { rows } = await tx.query<{ id: string; expires_at: number }>(
      `insert into auth.mfa_challenges (factor_id, ip_address) values ($1, $2)
       returning id::text, extract(epoch from created_at)::int + $3 as expires_at`,
      [factor.id, address, CHALLENGE_EXPIRY_SECONDS],
    );
    await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [
      factor.id,
    ]);
    return { id: rows[0]!.id, type: factor.factor_type, expires_at: rows[0]!.expires_at };
  });
}

/**
 * POST /factors/{id}/verify: checks a code against a challenge. Right, the factor becomes verified
 * and the session aal2 (a new refresh token; the session's older ones and the user's other aal1
 * sessions end, as GoTrue does). Wrong codes are counted like wrong passwords.
 */
async function verify(ctx: AppContext, c: Context) {
  const caller = await authenticate(ctx, c);
  const session = requireSession(caller);
  const body = await readJsonObject(c);
  const code = typeof body.code === 'string' ? body.code.trim() : '';
  if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty');
  const challengeId = body.challenge_id;
  if (typeof challengeId !== 'string' || !UUID.test(challengeId)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: invalid challenge_id');
  }
  const address = clientAddress(c, ctx.config.trustProxy);
  const factorId = factorIdOf(c);

  const attempt = await reserveAttempt(ctx.limits, `mfa:${factorId}`, addressKey(address));
  let outcome: Awaited<ReturnType<typeof checkAndUpgrade>>;
  try {
    if (attempt.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs));
    outcome = await ctx.db.transaction((tx) =>
      checkAndUpgrade(ctx, c, tx, caller, session, challengeId, code, address),
    );
  } catch (error) {
    await attempt.cancelled();
    throw error;
  }
  if (outcome instanceof AuthError) {
    if (outcome.code === 'mfa_verification_failed') await attempt.failed();
    else await attempt.cancelled();
    throw outcome;
  }
  await attempt.succeeded();
  ctx.sessions.forget('all');
  return outcome;
}

async function checkAndUpgrade(
  ctx: AppContext,
  c: Context,
  tx: Tx,
  caller: Caller,
  session: SessionRow,
  challengeId: string,
  code: string,
  address: string,
) {
  const factor = await loadFactor(tx, c, caller.user.id);
  const { rows } = await tx.query<{ verified: boolean; ip_address: string; expired: boolean }>(
    `select verified_at is not null as verified, ip_address,
            created_at + make_interval(secs => $3) < now() as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
    [challengeId, factor.id, CHALLENGE_EXPIRY_SECONDS],
  );
  const found = rows[0];
  // Returned, not thrown, so that what was written (a deleted challenge) is committed.
  if (!found) {
    return unprocessable(
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
    );
  }
  if (found.verified || found.ip_address !== address) {
    return unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  if (found.expired) {
    await tx.query('delete from auth.mfa_challenges where id = $1', [challengeId]);
    return unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  const secret = decryptTotpSecret(factor.secret ?? '', ctx.config.jwtSecret, factor.id);
  const lastStep = factor.last_totp_step === null ? null : Number(factor.last_totp_step);
  const step = matchingStep(code, secret, Date.now(), lastStep);
  if (step === undefined) {
    return unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  }

  await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challengeId]);
  await tx.query(
    `update auth.mfa_factors set status = 'verified', last_totp_step = $2, updated_at = now()
      where id = $1`,
    [factor.id, step],
  );
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, 'totp')
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [session.id],
  );
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2 where id = $1`, [
    session.id,
    factor.id,
  ]);
  // Refresh tokens issued at aal1 must not keep giving tokens of this now-aal2 session.
  await tx.query('delete from auth.refresh_tokens where session_id = $1', [session.id]);
  // The user's other sessions signed in with the password alone end.
  await setSessionEndReason(tx, 'second_factor_enabled');
  await tx.query(
    `delete from auth.sessions where user_id = $1 and id <> $2
       and coalesce(aal, 'aal1') < 'aal2'`,
    [caller.user.id, session.id],
  );
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1 and factor_type = $2
       and status = 'unverified' and id <> $3`,
    [caller.user.id, factor.factor_type, factor.id],
  );
  const upgraded = (await findSession(tx, session.id))!;
  const refreshToken = await newRefreshToken(tx, upgraded, null);
  const user = (await findUserById(tx, caller.user.id))!;
  return sessionResponse(user, upgraded, refreshToken, {
    secret: ctx.config.jwtSecret,
    expiry: ctx.config.jwtExpiry,
    issuer: `${new URL(c.req.url).origin}/auth/v1`,
  });
}

/** DELETE /factors/{id}: removes a factor; a verified one only from an aal2 session. */
async function unenroll(ctx: AppContext, c: Context) {
  const caller = await authenticate(ctx, c);
  const session = requireSession(caller);
  const removed = await ctx.db.transaction(async (tx) => {
    const factor = await loadFactor(tx, c, caller.user.id);
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await downgradeSessionsOf(tx, factor.id);
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    return { id: factor.id };
  });
  ctx.sessions.forget('all');
  return removed;
}

/** The sessions a factor raised to aal2 go back to aal1 (GoTrue's DowngradeSessionsToAAL1). */
export async function downgradeSessionsOf(tx: Tx, factorId: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factorId],
  );
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [
    factorId,
  ]);
}

/** Whether the user has a verified second factor. */
export async function hasVerifiedFactor(tx: Tx, userId: string): Promise<boolean> {
  const { rows } = await tx.query(
    "select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1",
    [userId],
  );
  return rows.length > 0;
}

/**
 * Removes all of a user's factors, for the owner who lost the second one: their sessions go back to
 * aal1. Only the administrator command calls it, on the server's machine.
 */
export async function removeAllFactors(tx: Tx, userId: string): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    'select id::text from auth.mfa_factors where user_id = $1 for update',
    [userId],
  );
  for (const { id } of rows) {
    await downgradeSessionsOf(tx, id);
    await tx.query('delete from auth.mfa_factors where id = $1', [id]);
  }
  return rows.length;
}
