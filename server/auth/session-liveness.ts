import type { Database } from '../db/database.ts';

/** How long an answer is reused: a session ended by another process is refused within this. */
const TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

interface Known {
  /** The user's role in app_metadata now, or null when the session no longer exists. */
  role: string | null;
  expires: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the session an access token was issued for is still alive, and its user still holds the
 * role the token claims. An access token is otherwise valid until it expires: after a logout, a
 * password reset or a demotion, this is what refuses it at once on every route of the server
 * (hosted Supabase does not do this: its tokens live until they expire).
 */
export class SessionLiveness {
  readonly #known = new Map<string, Known>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * True for a token without a session (the anon and service keys) and for a live session whose
   * user's role is still the one in the token's app_metadata.
   */
  async accepts(claims: Record<string, unknown>): Promise<boolean> {
    const sessionId = claims.session_id;
    if (sessionId === undefined) return true;
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return false;
    const known = await this.#lookup(sessionId, claims.sub);
    const claimed = (claims.app_metadata as { role?: unknown } | undefined)?.role ?? null;
    return known.role !== null && (claimed === null || claimed === known.role);
  }

  /** Drops what is known of sessions just ended by this process, so it refuses them at once. */
  forget(sessionIds: Iterable<string> | 'all'): void {
    if (sessionIds === 'all') this.#known.clear();
    else for (const id of sessionIds) this.#known.delete(id);
  }

  async #lookup(sessionId: string, sub: unknown): Promise<Known> {
    const now = this.now();
    const cached = this.#known.get(sessionId);
    if (cached && cached.expires > now) return cached;
    const role = await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ role: string | null; live: boolean }>(
        `select coalesce(u.raw_app_meta_data ->> 'role', '') as role, true as live
           from auth.sessions s join auth.users u on u.id = s.user_id
          where s.id = $1 and s.user_id::text = $2
            and (s.not_after is null or s.not_after > now())`,
        [sessionId, typeof sub === 'string' ? sub : ''],
      );
      return rows[0] ? rows[0].role : null;
    });
    const known = { role, expires: now + TTL_MS };
    this.#known.delete(sessionId);
    this.#known.set(sessionId, known);
    if (this.#known.size > MAX_ENTRIES) {
      const oldest = this.#known.keys().next().value;
      if (oldest !== undefined) this.#known.delete(oldest);
    }
    return known;
  }
}
