import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import type { AppContext } from './context.ts';
import { restRoutes } from './rest/index.ts';
import { authRoutes } from './auth/index.ts';
import { functionRoutes } from './functions/index.ts';
import { adminApiRoutes } from './backup/routes.ts';
import { brandRoutes } from './brand/routes.ts';
import { createSite, type Site } from './site.ts';
import { seoRoutes } from './seo/index.ts';
import { bumpAfterWrites, contentVersion } from './content-version.ts';
import { EXPOSED_HEADERS, sharedResponseHeaders } from './shared-headers.ts';
import {
  apiRateLimit,
  appointmentLinkRateLimit,
  requestRateLimit,
  viewRateLimit,
  visitRateLimit,
} from './limits/middleware.ts';
import { refuseEndedSessions, SESSION_ENDED_HEADERS } from './auth/session-gate.ts';
import { apiSecurityHeaders } from './security-headers.ts';
import { storageRoutes } from './storage/index.ts';
import { bodyTooLarge, errorResponse, sessionEnded } from './storage/errors.ts';
import { requestFormRoutes } from './requests/form-post.ts';
import { appointmentLinkRoutes } from './appointments/link-routes.ts';
import { publishedViews } from './article-views.ts';
import { realtimeRoutes } from './realtime/routes.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Where the auth and storage services are mounted (their oracle reads it: tests/oracles/). */
export const AUTH_PATH = '/auth/v1';
export const STORAGE_PATH = '/storage/v1';

/** An upload to /storage/v1/object/<bucket>/<name> (not a list, whose JSON body is small). */
function isUpload(method: string, path: string): boolean {
  return (
    (method === 'POST' || method === 'PUT') &&
    path.startsWith('/storage/v1/object/') &&
    !path.startsWith('/storage/v1/object/list/')
  );
}

export interface App {
  /** The whole self-hosted backend as one fetch handler: API, auth, functions and the site. */
  hono: Hono;
  /** A server-rendered page ready to send without this handler (server/fast-path.ts). */
  cachedPage: Site['cachedPage'];
  /** A built file ready to send without this handler. */
  staticFile: Site['staticFile'];
}

export function createApp(ctx: AppContext): App {
  const app = new Hono();
  const site = createSite(ctx, sharedResponseHeaders(ctx.config));
  const { limits, config } = ctx;

  const api = new Hono();
  // Answers travel gzipped to clients that accept it (browsers do): a page of the admin's blog
  // list is a tenth of its size so. Small answers (under 1 kB) go as they are.
  api.use('*', compress({ encoding: 'gzip' }));
  // Cached pages are served until a write that may change them (server/content-version.ts).
  api.use('*', bumpAfterWrites(contentVersion(ctx.db)));
  // Bearer tokens, not cookies, carry identity, so any origin may call the API (as on Supabase);
  // this is what lets `npm run dev` on another port talk to the server.
  const corsMiddleware = cors({
    origin: '*',
    allowHeaders: [
      'authorization',
      'apikey',
      'x-client-info',
      'content-type',
      'prefer',
      'accept-profile',
      'content-profile',
      'range',
      'x-supabase-api-version',
      'x-region',
      // Sent by supabase-js's storage client.
      'x-upsert',
      'x-metadata',
      'cache-control',
    ],
    allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 86400,
  });
  // Only a preflight (an OPTIONS naming the method to come) is CORS's to answer; any other OPTIONS
  // goes to the route, as PostgREST answers it (200 with Allow), with the CORS headers added.
  api.use('*', async (c, next) => {
    if (c.req.method !== 'OPTIONS' || c.req.header('access-control-request-method'))
      return corsMiddleware(c, next);
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(','));
  });
  api.use('*', apiSecurityHeaders());
  // After CORS, so that a browser can read the 429.
  api.use('*', apiRateLimit(limits, config.trustProxy));
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    // The rest of the oversized body is never read, so this connection cannot serve another request.
    // Storage answers in its own shape (docs/decisions/090-storage-errors-in-english.md).
    onError: (c) =>
      c.req.path.startsWith(`${STORAGE_PATH}/`)
        ? errorResponse(bodyTooLarge())
        : c.json(
            {
              code: 'PGRST413',
              message: 'Requête trop volumineuse : 1 Mo au maximum.',
              details: null,
              hint: null,
            },
            413,
            { Connection: 'close' },
          ),
  });
  // Uploads of photos are bounded by the storage routes themselves, at 15 MB
  // (docs/decisions/023-media-storage.md); every other body at 1 MB.
  api.use('*', (c, next) => (isUpload(c.req.method, c.req.path) ? next() : limitBody(c, next)));
  api.use(
    '/rest/v1/rpc/increment_views',
    viewRateLimit(limits, config.trustProxy, (slug) => publishedViews(ctx.db, slug)),
  );
  api.use('/functions/v1/recordVisit', visitRateLimit(limits, config.trustProxy));
  api.use(
    '/rest/v1/rpc/submit_request',
    requestRateLimit(limits, config.trustProxy, () => ctx.outbox?.kick()),
  );
  for (const fn of ['appointment_link_view', 'appointment_link_cancel', 'appointment_link_change'])
    api.use(`/rest/v1/rpc/${fn}`, appointmentLinkRateLimit(limits, config.trustProxy));
  api.use('/rest/v1/*', refuseEndedSessions(ctx));
  api.use('/functions/v1/*', refuseEndedSessions(ctx));
  api.use(
    `${STORAGE_PATH}/*`,
    refuseEndedSessions(ctx, (_c, ended) =>
      errorResponse(sessionEnded(), { session_ended: ended }, SESSION_ENDED_HEADERS),
    ),
  );
  api.route('/rest/v1', restRoutes(ctx));
  api.route(AUTH_PATH, authRoutes(ctx));
  api.route('/admin/v1', adminApiRoutes(ctx));
  api.route(STORAGE_PATH, storageRoutes(ctx));
  api.route('/realtime/v1', realtimeRoutes(ctx.realtime));
  api.route(
    '/functions/v1',
    functionRoutes(ctx, async (request) => app.fetch(request)),
  );

  app.route('/', api);
  // Pages travel compressed too (built files come precompressed: server/static-files.ts).
  app.use('*', compress());
  app.route('/', seoRoutes(ctx)); // sitemap, robots, and the security headers of every page below
  app.route('/', requestFormRoutes(ctx, site)); // the request form without JavaScript
  app.route('/', appointmentLinkRoutes(ctx)); // the customer's link to their appointment
  // The theme's stylesheet and the icons made from the logo, read from this server itself.
  app.route(
    '/',
    brandRoutes(ctx.db, async (request) => app.fetch(request)),
  );
  app.route('/', site.routes);
  return { hono: app, cachedPage: site.cachedPage, staticFile: site.staticFile };
}
