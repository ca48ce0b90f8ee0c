import { createHash, randomBytes } from 'node:crypto';
import type { Tx } from '../db/database.ts';
import { signJwt } from '../jwt.ts';
import { toAuthUser, type AuthUser, type UserRow } from './users.ts';

/** The session body GoTrue answers sign-in and refresh with (supabase-js stores it as is). */
export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: AuthUser;
}

export interface SessionRow {
  id: string;
  user_id: string;
  /** When the user signed in, in epoch seconds: the `amr` timestamp of every token of the session. */
  signed_in_at: number;
  expired: boolean;
  /** `aal2` once a second factor was verified in this session. */
  aal: 'aal1' | 'aal2';
  /** The factor that raised the session to aal2, if any. */
  factor_id: string | null;
  /** Methods verified after the password (JSON text of `{method, timestamp}[]`). */
  amr_claims: string;
}

/** An entry of the `amr` claim, as GoTrue writes it. */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

/**
 * Refresh tokens are stored hashed: a copy of the database then holds nothing that signs anyone in.
 * They are long random strings, so a plain SHA-256 is enough (no brute force to slow down).
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const SESSION_COLUMNS = `s.id::text, s.user_id::text, extract(epoch from s.created_at)::int as signed_in_at,
  coalesce(s.not_after < now(), false) as expired, coalesce(s.aal::text, 'aal1') as aal,
  s.factor_id::text,
  (select coalesce(json_agg(json_build_object('method', c.authentication_method,
      'timestamp', extract(epoch from c.updated_at)::int)), '[]')
     from auth.mfa_amr_claims c where c.session_id = s.id)::text as amr_claims`;

export async function createSession(tx: Tx, userId: string): Promise<SessionRow> {
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions as s (user_id, aal) values ($1, 'aal1') returning ${SESSION_COLUMNS}`,
    [userId],
  );
  return rows[0]!;
}

export async function findSession(tx: Tx, id: string): Promise<SessionRow | undefined> {
  const { rows } = await tx.query<SessionRow>(
    `select ${SESSION_COLUMNS} from auth.sessions s where s.id = $1`,
    [id],
  );
  return rows[0];
}

/** Creates a refresh token for the session; `parent` is the hash of the token it replaces. */
export async function newRefreshToken(
  tx: Tx,
  session: SessionRow,
  parent: string | null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.query(
    'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
    [hashToken(token), session.user_id, session.id, parent],
  );
  await tx.query('update auth.sessions set updated_at = now() where id = $1', [session.id]);
  return token;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  revoked: boolean;
  /** Seconds since the token was used up (its `updated_at` then), when it is revoked. */
  revoked_seconds_ago: number;
  session_id: string;
}

/** Finds a refresh token and locks it, so two concurrent refreshes with it cannot both succeed. */
export async function findRefreshToken(
  tx: Tx,
  token: string,
): Promise<RefreshTokenRow | undefined> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `select id::text, token, revoked, session_id::text,
            extract(epoch from now() - updated_at)::float8 as revoked_seconds_ago
       from auth.refresh_tokens where token = $1 for update`,
    [hashToken(token)],
  );
  return rows[0];
}

export async function revokeRefreshToken(tx: Tx, id: string): Promise<void> {
  await tx.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
    [id],
  );
}

/**
 * Why a session ended, as the server tells a device that comes back with one of its tokens
 * (`session_ended` in the refusal's body): recorded by a trigger on auth.sessions
 * (server/db/bootstrap.sql) from the reason set in the deleting transaction.
 */
export type SessionEndReason =
  | 'signed_out'
  | 'signed_out_others'
  | 'signed_out_everywhere'
  | 'password_changed'
  | 'second_factor_enabled'
  | 'refresh_token_reused'
  | 'revoked'
  | 'expired';

/** Says, for the rest of the transaction, why the sessions it deletes end. */
export async function setSessionEndReason(tx: Tx, reason: SessionEndReason): Promise<void> {
  await tx.query("select set_config('garage.session_end_reason', $1, true)", [reason]);
}

/** Why the session ended, when it did (within the last 30 days), by its id or a refresh token. */
export async function sessionEndReason(
  tx: Tx,
  by: { sessionId: string } | { refreshToken: string },
): Promise<SessionEndReason | undefined> {
  const { rows } = await tx.query<{ reason: SessionEndReason }>(
    'sessionId' in by
      ? 'select reason from garage_server.ended_sessions where session_id = $1 limit 1'
      : 'select reason from garage_server.ended_sessions where refresh_token = $1 limit 1',
    ['sessionId' in by ? by.sessionId : hashToken(by.refreshToken)],
  );
  return rows[0]?.reason;
}

/** Ends sessions, saying why; their refresh tokens go with them (on delete cascade). */
export async function deleteSessions(
  tx: Tx,
  userId: string,
  which: { only: string } | { except: string } | 'all',
  reason: SessionEndReason,
): Promise<void> {
  await setSessionEndReason(tx, reason);
  if (which === 'all') {
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if ('only' in which) {
    await tx.query('delete from auth.sessions where user_id = $1 and id = $2', [
      userId,
      which.only,
    ]);
  } else {
    await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [
      userId,
      which.except,
    ]);
  }
}

/**
 * The `amr` claim: every method the session was signed in with, most recent first (as GoTrue). A
 * session opened by a forgotten-password link has `recovery` where others have `password`.
 */
export function authenticationMethods(session: SessionRow): AmrEntry[] {
  const claims = JSON.parse(session.amr_claims) as AmrEntry[];
  const entries: AmrEntry[] = claims.some((claim) => claim.method === 'recovery')
    ? claims
    : [...claims, { method: 'password', timestamp: session.signed_in_at }];
  return entries.sort((a, b) => b.timestamp - a.timestamp);
}

/** Signs an access token with the claims Supabase's GoTrue puts in it. */
export async function accessToken(
  user: UserRow,
  session: SessionRow,
  options: { secret: string; expiry: number; issuer: string },
): Promise<{ token: string; expiresAt: number }> {
  const authUser = toAuthUser(user);
  const iat = Math.floor(Date.now() / 1000);
  const expiresAt = iat + options.expiry;
  const token = await signJwt(
    {
      aud: authUser.aud,
      exp: expiresAt,
      iat,
      iss: options.issuer,
      sub: authUser.id,
      email: authUser.email,
      phone: '',
      app_metadata: authUser.app_metadata,
      user_metadata: authUser.user_metadata,
      role: authUser.role,
      aal: session.aal,
      amr: authenticationMethods(session),
      session_id: session.id,
      is_anonymous: false,
    },
    options.secret,
  );
  return { token, expiresAt };
}

export async function sessionResponse(
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  options: { secret: string; expiry: number; issuer: string },
): Promise<SessionResponse> {
  const { token, expiresAt } = await accessToken(user, session, options);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: options.expiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: toAuthUser(user),
  };
}
