import type { Database, Tx } from '../db/database.ts';
import { passwordProblem } from '../../src/lib/password-rules.ts';
import { hashPassword } from './password-hasher.ts';
import { deleteSessions } from './sessions.ts';

/** A user as GoTrue returns it (the fields supabase-js reads). */
export interface AuthUser {
  id: string;
  aud: string;
  role: string;
  email: string;
  /** Absent until confirmed, as GoTrue's `omitempty` leaves it out (and the two below). */
  email_confirmed_at?: string;
  phone: string;
  confirmed_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: unknown[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
  /** The user's second factors, present only when there is one (as GoTrue's `omitempty`). */
  factors?: AuthFactor[];
}

/** A second factor as GoTrue lists it in the user (never its secret). */
export interface AuthFactor {
  id: string;
  created_at: string;
  updated_at: string;
  status: 'verified' | 'unverified';
  friendly_name?: string;
  factor_type: 'totp';
  phone: string;
  last_challenged_at: string | null;
}

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: string;
  raw_user_meta_data: string;
  created_at: string;
  updated_at: string;
  /** JSON text of the user's factors (AuthFactor[]). */
  factors: string;
}

const TIMESTAMP = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

const USER_COLUMNS = `id, aud, role, email, encrypted_password,
  to_char(email_confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as email_confirmed_at,
  to_char(last_sign_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_sign_in_at,
  raw_app_meta_data::text as raw_app_meta_data, raw_user_meta_data::text as raw_user_meta_data,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at,
  (select coalesce(json_agg(json_build_object(
      'id', f.id, 'status', f.status, 'friendly_name', f.friendly_name,
      'factor_type', f.factor_type, 'phone', coalesce(f.phone, ''),
      'created_at', to_char(f.created_at at time zone 'UTC', ${TIMESTAMP}),
      'updated_at', to_char(f.updated_at at time zone 'UTC', ${TIMESTAMP}),
      'last_challenged_at', to_char(f.last_challenged_at at time zone 'UTC', ${TIMESTAMP})
    ) order by f.created_at), '[]')
   from auth.mfa_factors f where f.user_id = auth.users.id)::text as factors`;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plain shape check: the address is only ever used to sign in, never mailed. */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where email = $1`,
    [normalizeEmail(email)],
  );
  return rows[0];
}

export async function findUserById(tx: Tx, id: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [
    id,
  ]);
  return rows[0];
}

export function toAuthUser(row: UserRow): AuthUser {
  const factors = (
    JSON.parse(row.factors) as (AuthFactor & { friendly_name: string | null })[]
  ).map(({ friendly_name, ...factor }): AuthFactor =>
    friendly_name ? { ...factor, friendly_name } : factor,
  );
  return {
    id: row.id,
    aud: row.aud,
    role: row.role,
    email: row.email,
    ...(row.email_confirmed_at === null
      ? {}
      : { email_confirmed_at: row.email_confirmed_at, confirmed_at: row.email_confirmed_at }),
    phone: '',
    ...(row.last_sign_in_at === null ? {} : { last_sign_in_at: row.last_sign_in_at }),
    app_metadata: JSON.parse(row.raw_app_meta_data) as Record<string, unknown>,
    user_metadata: JSON.parse(row.raw_user_meta_data) as Record<string, unknown>,
    identities: [],
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_anonymous: false,
    ...(factors.length > 0 ? { factors } : {}),
  };
}

export async function recordSignIn(tx: Tx, userId: string): Promise<void> {
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
}

export async function setPassword(tx: Tx, userId: string, password: string): Promise<void> {
  await tx.query(
    'update auth.users set encrypted_password = $2, updated_at = now() where id = $1',
    [userId, await hashPassword(password)],
  );
}

export async function setUserMetadata(
  tx: Tx,
  userId: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    'update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1',
    [userId, JSON.stringify(metadata)],
  );
}

/**
 * Creates a user, or resets the password of an existing one. `admin` sets app_metadata.role,
 * which only the server can write and which RLS reads (docs/decisions/002-secrets.md).
 */
export async function upsertUser(
  db: Database,
  input: { email: string; password: string; admin: boolean },
): Promise<{ id: string; created: boolean }> {
  const problem = await passwordProblem(input.password, [input.email]);
  if (problem) throw new Error(problem);
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw new Error(`Adresse e-mail invalide : ${input.email}`);
  const hash = await hashPassword(input.password);
  const appMetadata = JSON.stringify({
    provider: 'email',
    providers: ['email'],
    ...(input.admin ? { role: 'admin' } : {}),
  });
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; created: boolean }>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data)
       values ($1, $2, now(), $3::jsonb)
       on conflict (email) do update
         set encrypted_password = excluded.encrypted_password,
             raw_app_meta_data = auth.users.raw_app_meta_data || excluded.raw_app_meta_data,
             updated_at = now()
       returning id::text, (xmax = 0) as created`,
      [email, hash, appMetadata],
    );
    const row = rows[0]!;
    if (!row.created) {
      // A password reset ends every session of that user.
      await deleteSessions(tx, row.id, 'all', 'password_changed');
    }
    return row;
  });
}

export async function countAdmins(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number }>(
      "select count(*)::int as n from auth.users where raw_app_meta_data ->> 'role' = 'admin'",
    );
    return rows[0]?.n ?? 0;
  });
}
