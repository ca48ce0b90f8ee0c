import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import type { AppContext } from './context.ts';
import { restRoutes } from './rest/index.ts';
import { authRoutes } from './auth/index.ts';
import { functionRoutes } from './functions/index.ts';
import { siteRoutes } from './site.ts';
import { seoRoutes } from './seo/index.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The whole self-hosted backend as one fetch handler: API, auth, functions and the site. */
export function createApp(ctx: AppContext): Hono {
  const app = new Hono();

  const api = new Hono();
  // Bearer tokens, not cookies, carry identity, so any origin may call the API (as on Supabase);
  // this is what lets `npm run dev` on another port talk to the server.
  api.use(
    '*',
    cors({
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
      ],
      allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['content-range', 'content-location', 'x-supabase-api-version'],
      maxAge: 86400,
    }),
  );
  api.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      // The rest of the oversized body is never read, so this connection cannot serve another request.
      onError: (c) =>
        c.json(
          {
            code: 'PGRST413',
            message: 'Requête trop volumineuse : 1 Mo au maximum.',
            details: null,
            hint: null,
          },
          413,
          { Connection: 'close' },
        ),
    }),
  );
  api.route('/rest/v1', restRoutes(ctx));
  api.route('/auth/v1', authRoutes(ctx));
  api.route(
    '/functions/v1',
    functionRoutes(ctx, async (request) => app.fetch(request)),
  );

  app.route('/', api);
  // Pages and assets travel compressed; the API above answers as PostgREST does, uncompressed.
  app.use('*', compress());
  app.route('/', seoRoutes(ctx)); // sitemap, robots, and the security headers of every page below
  app.route('/', siteRoutes(ctx));
  return app;
}
