import { Hono } from 'hono';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { requireServiceRole } from '../auth/admin.ts';
import { AuthError, authErrorResponse } from '../auth/errors.ts';
import { describeError } from '../log.ts';
import { runBackup } from './run.ts';

/**
 * The server's own administration API, for `npm run backup` while the server runs (PGlite's data
 * directory can be opened by one process only): service role only, as GoTrue's admin API.
 */
export function adminApiRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await requireServiceRole(ctx, c);
    await next();
  });
  app.post('/backups', async (c) => {
    try {
      const run = await runBackup(ctx);
      return c.json({
        file: path.basename(run.file),
        path: run.file,
        bytes: run.bytes,
        createdAt: run.createdAt,
      });
    } catch (error) {
      return c.json(
        { code: 'backup_failed', message: `Sauvegarde impossible : ${describeError(error)}` },
        500,
      );
    }
  });
  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error);
    throw error;
  });
  return app;
}
