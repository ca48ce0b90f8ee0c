import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.ts';
import { verifyJwt } from '../jwt.ts';
import {
  AuthError,
  badRequest,
  echoApiVersion,
  forbidden,
  readJsonObject,
  unprocessable,
} from './errors.ts';
import { deleteSessions } from './sessions.ts';
import { downgradeSessionsOf } from './mfa.ts';
import { hashPassword } from './password-hasher.ts';
import { requireAcceptablePassword } from './user.ts';
import {
  findUserByEmail,
  findUserById,
  isValidEmail,
  normalizeEmail,
  setPassword,
  toAuthUser,
} from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The part of GoTrue's admin API that the administrator command needs when the server is running
 * (PGlite cannot be opened by a second process): create a user, find one by email, update one.
 * Service role only, as on Supabase.
 */
export function adminRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await requireServiceRole(ctx, c);
    await next();
  });

  app.post('/users', async (c) => {
    const body = await readJsonObject(c);
    const { email, password } = body;
    if (typeof email !== 'string' || !isValidEmail(email)) {
      throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
    }
    const accepted = await requireAcceptablePassword(password, email);
    const appMetadata = { provider: 'email', providers: ['email'], ...objectOr(body.app_metadata) };
    const user = await ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) {
        throw unprocessable(
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
      const { rows } = await tx.query<{ id: string }>(
        `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values ($1, $2, case when $3 then now() end, $4::jsonb, $5::jsonb) returning id::text`,
        [
          normalizeEmail(email),
          await hashPassword(accepted),
          body.email_confirm === true,
          JSON.stringify(appMetadata),
          JSON.stringify(objectOr(body.user_metadata)),
        ],
      );
      return (await findUserById(tx, rows[0]!.id))!;
    });
    return ok(c, toAuthUser(user));
  });

  // GoTrue's `filter` matches part of the email; enough to find one account by its address.
  app.get('/users', async (c) => {
    const filter = c.req.query('filter') ?? '';
    const users = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        "select id::text from auth.users where email ilike '%' || $1 || '%' order by created_at limit 50",
        [filter.replace(/[\\%_]/g, (ch) => `\\${ch}`)],
      );
      return Promise.all(rows.map(async ({ id }) => toAuthUser((await findUserById(tx, id))!)));
    });
    return ok(c, { users, aud: 'authenticated' });
  });

  /** A new password ends the user's sessions: whoever knew the old one is signed out. */
  app.put('/users/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw notFound();
    const body = await readJsonObject(c);
    if (body.password !== undefined) {
      // Checked outside the transaction below: the check takes a few milliseconds of CPU.
      const found = await ctx.db.transaction((tx) => findUserById(tx, id));
      if (!found) throw notFound();
      await requireAcceptablePassword(body.password, found.email);
    }
    const user = await ctx.db.transaction(async (tx) => {
      if (!(await findUserById(tx, id))) throw notFound();
      if (typeof body.password === 'string') {
        await setPassword(tx, id, body.password);
        await deleteSessions(tx, id, 'all', 'password_changed');
      }
      if (body.app_metadata !== undefined) {
        await tx.query(
          'update auth.users set raw_app_meta_data = raw_app_meta_data || $2::jsonb, updated_at = now() where id = $1',
          [id, JSON.stringify(objectOr(body.app_metadata))],
        );
      }
      return (await findUserById(tx, id))!;
    });
    // A new password or role applies to the tokens already handed out, at once.
    ctx.sessions.forget('all');
    return ok(c, toAuthUser(user));
  });

  // A user's second factors, and removing one (GoTrue's admin factor API): how the administrator
  // command removes a lost factor while the server runs.
  app.get('/users/:id/factors', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw notFound();
    const user = await ctx.db.transaction((tx) => findUserById(tx, id));
    if (!user) throw notFound();
    return ok(c, toAuthUser(user).factors ?? []);
  });
  app.delete('/users/:id/factors/:factorId', async (c) => {
    const id = c.req.param('id');
    const factorId = c.req.param('factorId');
    if (!UUID.test(id)) throw notFound();
    if (!UUID.test(factorId))
      throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
    const factor = await ctx.db.transaction(async (tx) => {
      const user = await findUserById(tx, id);
      if (!user) throw notFound();
      const found = toAuthUser(user).factors?.find((f) => f.id === factorId);
      if (!found) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
      await downgradeSessionsOf(tx, factorId);
      await tx.query('delete from auth.mfa_factors where id = $1', [factorId]);
      return found;
    });
    ctx.sessions.forget('all');
    return ok(c, factor);
  });
  return app;
}

export async function requireServiceRole(ctx: AppContext, c: Context): Promise<void> {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match)
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = await verifyJwt(match[1]!, ctx.config.jwtSecret);
  if (!verified.ok) throw forbidden('bad_jwt', 'invalid JWT: unable to parse or verify signature');
  if (verified.claims.role !== 'service_role') throw forbidden('not_admin', 'User not allowed');
}

function objectOr(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const notFound = () => new AuthError(404, 'user_not_found', 'User not found');

function ok(c: Context, body: object): Response {
  echoApiVersion(c);
  return c.json(body, 200);
}
