import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.ts';
import type { Database, Tx } from '../db/database.ts';
import { addressKey, clientAddress } from '../client-address.ts';
import { log } from '../log.ts';
import { AuthError, badRequest, echoApiVersion, readJsonObject, unprocessable } from './errors.ts';
import { hashPassword } from './password-hasher.ts';
import { createSession, newRefreshToken, sessionResponse } from './sessions.ts';
import { tokenOptions } from './token.ts';
import { requireAcceptablePassword } from './user.ts';
import { findUserByEmail, findUserById, isValidEmail, normalizeEmail } from './users.ts';

/**
 * The first administrator, created in the browser from a one-time link that the server prints at
 * start while no administrator exists (docs/decisions/066-first-administrator-from-a-setup-link.md).
 * The link's token is kept only as a hash, in one row of garage_server.setup_link that each start
 * rewrites: every process of a site checks the same link, and a restart replaces it.
 */

/** The page the link opens (src/admin/login/installation.ts), and its token's parameter. */
export const SETUP_PAGE = '/installation';
export const SETUP_TOKEN_PARAM = 'jeton';
export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const MAX_TOKEN_LENGTH = 200;

function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * A new link's token when the site has no administrator (undefined otherwise), replacing any
 * earlier one. The caller shows it once and keeps it nowhere.
 */
export async function openSetupLink(
  db: Database,
  ttlMs: number = SETUP_LINK_TTL_MS,
): Promise<string | undefined> {
  const token = randomBytes(32).toString('base64url');
  const opened = await db.transaction(async (tx) => {
    if (await adminExists(tx)) return false;
    await tx.query(
      `insert into garage_server.setup_link (id, token_hash, expires_at, used_at)
       values (true, $1, now() + make_interval(secs => $2::double precision / 1000), null)
       on conflict (id) do update
         set token_hash = excluded.token_hash, expires_at = excluded.expires_at, used_at = null`,
      [tokenHash(token).toString('hex'), ttlMs],
    );
    return true;
  });
  return opened ? token : undefined;
}

/** The address to print: the site's public origin (SITE_URL, else the local one). */
export function setupLinkUrl(siteUrl: string, token: string): string {
  const url = new URL(SETUP_PAGE, siteUrl);
  url.searchParams.set(SETUP_TOKEN_PARAM, token);
  return url.href;
}

async function adminExists(tx: Tx): Promise<boolean> {
  const { rows } = await tx.query<{ found: boolean }>(
    "select exists (select 1 from auth.users where raw_app_meta_data ->> 'role' = 'admin') as found",
  );
  return rows[0]?.found === true;
}

const LINK_INVALID = new AuthError(
  403,
  'setup_link_invalid',
  "Ce lien d'installation n'est pas valable. Utilisez le dernier lien affiché au démarrage du " +
    'serveur : un nouveau lien est donné à chaque démarrage.',
);
const LINK_USED = new AuthError(
  410,
  'setup_link_used',
  'Ce lien a déjà servi : le compte administrateur est créé. Connectez-vous.',
);
const LINK_EXPIRED = new AuthError(
  410,
  'setup_link_expired',
  "Ce lien a expiré (il est valable 24 heures). Redémarrez le site : un nouveau lien s'affiche " +
    'dans son journal au démarrage.',
);
export const ADMIN_EXISTS_MESSAGE = 'Le site a déjà un compte administrateur : connectez-vous.';
const ADMIN_EXISTS = new AuthError(409, 'admin_exists', ADMIN_EXISTS_MESSAGE);

/**
 * Throws why `token` cannot create the first administrator. Locks the link's row, so that two
 * tries at once (from any process) create one account.
 */
async function requireUsableLink(tx: Tx, token: unknown): Promise<void> {
  const { rows } = await tx.query<{ token_hash: string; expired: boolean; used: boolean }>(
    `select token_hash, expires_at <= now() as expired, used_at is not null as used
       from garage_server.setup_link where id for update`,
  );
  const row = rows[0];
  const matches =
    row !== undefined &&
    typeof token === 'string' &&
    token.length > 0 &&
    token.length <= MAX_TOKEN_LENGTH &&
    // Hashes of equal length, compared in constant time.
    timingSafeEqual(Buffer.from(row.token_hash, 'hex'), tokenHash(token));
  if (matches && row.used) throw LINK_USED;
  if (await adminExists(tx)) throw ADMIN_EXISTS;
  if (!matches) throw LINK_INVALID;
  if (row.expired) throw LINK_EXPIRED;
}

/** Every try counts, per client address: a token cannot be guessed by trying many. */
async function takeTry(ctx: AppContext, c: Context): Promise<void> {
  const address = clientAddress(c, ctx.config.trustProxy);
  if (address === 'internal') return;
  const verdict = await ctx.limits.setup.take(addressKey(address));
  if (verdict.ok) return;
  const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
  throw new AuthError(
    429,
    'over_request_rate_limit',
    `Trop d'essais depuis votre adresse. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    {},
    { 'Retry-After': String(verdict.retryAfterSeconds) },
  );
}

/**
 * POST /auth/v1/setup/check `{ token }`: whether the link can still create the account (200), or
 * why not. POST /auth/v1/setup `{ token, email, password }`: creates the administrator and answers
 * with a session, as a password sign-in does. Nothing else on the web creates an account.
 */
export function setupRoutes(ctx: AppContext): Hono {
  const app = new Hono();

  app.post('/check', async (c) => {
    await takeTry(ctx, c);
    const { token } = await readJsonObject(c);
    await ctx.db.transaction((tx) => requireUsableLink(tx, token));
    echoApiVersion(c);
    return c.json({ ok: true }, 200);
  });

  app.post('/', async (c) => {
    await takeTry(ctx, c);
    const { token, email, password } = await readJsonObject(c);
    // The link first: without it, nothing is said about an email or a password.
    await ctx.db.transaction((tx) => requireUsableLink(tx, token));
    if (typeof email !== 'string' || !isValidEmail(normalizeEmail(email))) {
      throw badRequest(
        'validation_failed',
        'Adresse e-mail invalide : vérifiez-la (par exemple nom@exemple.fr).',
      );
    }
    const accepted = await requireAcceptablePassword(password, email);
    const hash = await hashPassword(accepted);
    const session = await ctx.db.transaction(async (tx) => {
      await requireUsableLink(tx, token);
      if (await findUserByEmail(tx, email)) {
        throw unprocessable(
          'email_exists',
          'Un compte existe déjà avec cette adresse : choisissez-en une autre.',
        );
      }
      const { rows } = await tx.query<{ id: string }>(
        `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, last_sign_in_at)
         values ($1, $2, now(), $3::jsonb, now()) returning id::text`,
        [
          normalizeEmail(email),
          hash,
          JSON.stringify({ provider: 'email', providers: ['email'], role: 'admin' }),
        ],
      );
      const id = rows[0]!.id;
      await tx.query('update garage_server.setup_link set used_at = now()');
      const created = await createSession(tx, id);
      const refreshToken = await newRefreshToken(tx, created, null);
      const user = (await findUserById(tx, id))!;
      return sessionResponse(user, created, refreshToken, tokenOptions(ctx, c));
    });
    log.info("Compte administrateur créé depuis le lien d'installation.");
    echoApiVersion(c);
    return c.json(session, 200);
  });
  return app;
}
