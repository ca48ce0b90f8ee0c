/**
 * One interface over the two databases the self-hosted server can run on: PGlite (embedded, the
 * default) and a PostgreSQL server (DATABASE_URL). Request handlers only ever see `Tx`.
 */

export type DbRole = 'anon' | 'authenticated' | 'service_role';

export interface QueryResult<R> {
  rows: R[];
  /** Rows touched by INSERT, UPDATE or DELETE; 0 for other statements. */
  affectedRows: number;
}

export interface Tx {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
}

/** The role and JWT claims a request runs under, set locally in its transaction as PostgREST does. */
export interface RequestIdentity {
  role: DbRole;
  claims: Record<string, unknown>;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction as the database owner. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction under a request's role and claims (and `settings`, set with them
   * in the same statement); rolled back if `fn` throws.
   */
  asRequest<T>(
    identity: RequestIdentity,
    fn: (tx: Tx) => Promise<T>,
    settings?: RequestSettings,
  ): Promise<T>;
  /** Runs a script of several statements as the owner (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Calls `onMessage` with each notification committed on `channel` from now on (by any process
   * on a PostgreSQL server). Returns the way to stop listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): () => Promise<void>;
  close(): Promise<void>;
}

/** What a REST request asks of its transaction besides the role: PostgREST's per-request settings. */
export interface RequestSettings {
  /**
   * A read: the transaction refuses to write. GET and HEAD, as PostgREST: a volatile function
   * called by GET then fails with 25006.
   */
  readOnly?: boolean;
  /** `Prefer: timezone=…`: the time zone in which timestamps are rendered. */
  timezone?: string | null;
}

/**
 * Sets the role, the claims and `settings` for the rest of the transaction (`set_config(...,
 * true)` is local), in one statement: one round trip before the request's own query.
 */
export async function enterRequest(
  tx: Tx,
  identity: RequestIdentity,
  settings: RequestSettings = {},
): Promise<void> {
  const calls = [
    "set_config('role', $1, true)",
    "set_config('request.jwt.claims', $2, true)",
    "set_config('request.jwt.claim.role', $1, true)",
  ];
  const params: unknown[] = [identity.role, JSON.stringify(identity.claims)];
  if (settings.readOnly) calls.push("set_config('transaction_read_only', 'on', true)");
  if (settings.timezone != null) {
    params.push(settings.timezone);
    calls.push(`set_config('timezone', $${params.length}, true)`);
  }
  await tx.query(`select ${calls.join(', ')}`, params);
}

/** A Postgres error as both drivers report it: SQLSTATE code, message, detail and hint. */
export interface PgError {
  code: string;
  message: string;
  detail?: string | null;
  hint?: string | null;
}

export function isPgError(e: unknown): e is PgError {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((e as { code: string }).code)
  );
}
