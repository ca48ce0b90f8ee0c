import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.ts';
import type { RequestIdentity } from '../db/database.ts';
import { resolveIdentity } from './auth.ts';
import { getCatalog } from './catalog.ts';
import { errorResponse, RestError, toRestError, unknownTable, unsupported } from './errors.ts';
import { insert } from './insert.ts';
import { remove, update } from './mutate.ts';
import { checkProfile } from './parse-headers.ts';
import { timezoneNames, wantsTimezone } from './prefer.ts';
import { readTable } from './read.ts';
import type { RestRequest } from './request.ts';
import { callRoutine } from './rpc.ts';

type Handler = (req: RestRequest) => Promise<Response>;

/** All /rest/v1 needs of the server: its database and its configuration. */
type RestContext = Pick<AppContext, 'db' | 'config'>;

/** Checks the profile and the token, then runs `handler`; every failure becomes PostgREST's error body. */
async function handle(ctx: RestContext, c: Context, handler: Handler): Promise<Response> {
  const method = c.req.method;
  let identity: RequestIdentity | undefined;
  try {
    checkProfile(c.req.raw.headers, method);
    identity = await resolveIdentity(c.req.raw.headers, ctx.config.jwtSecret);
    const catalog = await getCatalog(ctx.db);
    const headers = c.req.raw.headers;
    return await handler({
      db: ctx.db,
      identity,
      catalog,
      method,
      url: new URL(c.req.url),
      headers,
      raw: c.req.raw,
      // 0 in the configuration switches a bound off.
      limits: {
        maxRows: ctx.config.maxRows || null,
        maxResponseBytes: ctx.config.maxResponseBytes || null,
      },
      timezones: wantsTimezone(headers) ? await timezoneNames(ctx.db) : null,
    });
  } catch (error) {
    return errorResponse(
      toRestError(error, identity !== undefined && identity.role !== 'anon'),
      method,
    );
  }
}

function tableHandler(name: string): Handler {
  return async (req) => {
    const table = req.catalog.tables.get(name);
    if (!table) throw unknownTable(name);
    switch (req.method) {
      case 'GET':
      case 'HEAD':
        return readTable(req, table);
      case 'POST':
        return insert(req, table);
      case 'PATCH':
        return update(req, table);
      case 'DELETE':
        return remove(req, table);
      case 'OPTIONS':
        // What PostgREST answers outside a CORS preflight: the methods, no body. PUT is left out
        // because this server does not offer it.
        return new Response(null, {
          status: 200,
          headers: {
            Allow: 'OPTIONS,GET,HEAD,POST,PATCH,DELETE',
            'Access-Control-Allow-Origin': '*',
          },
        });
      default:
        throw unsupported(
          `méthode ${req.method}`,
          'Méthodes disponibles : GET, HEAD, POST, PATCH, DELETE.',
        );
    }
  };
}

/** The part of PostgREST 12 that supabase-js uses, mounted at /rest/v1. */
export function restRoutes(ctx: RestContext): Hono {
  const app = new Hono();
  app.all('/rpc/:fn', (c) => handle(ctx, c, (req) => callRoutine(req, c.req.param('fn'))));
  app.all('/:table', (c) => handle(ctx, c, tableHandler(c.req.param('table'))));
  app.all('*', (c) =>
    handle(ctx, c, async () => {
      throw new RestError(
        c.req.path.replace(/\/+$/, '').endsWith('/rest/v1') ? 400 : 404,
        'PGRST125',
        'Invalid path specified in request URL',
        'Seules les routes /<table> et /rpc/<fonction> sont disponibles ; la description OpenAPI ne l’est pas.',
      );
    }),
  );
  return app;
}
