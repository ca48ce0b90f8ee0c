import { Hono, type Context } from 'hono';
import { describeError, log } from '../log.ts';
import WebSocket from 'ws';
import type { AppContext } from '../context.ts';
import { verifyJwt } from '../jwt.ts';
import type { FunctionEnv, FunctionHandler } from '../../supabase/functions/_shared/env.ts';
import { EDGE_FUNCTIONS } from './registry.ts';
import { createVisitRecorder } from '../visit-recorder.ts';

/** Any URL will do: the functions' supabase-js requests never leave the process (see selfFetch). */
const SELF_URL = 'http://self.internal';

/**
 * Edge functions, as Supabase's gateway runs them: `/functions/v1/<name>` reaches the handler of
 * `supabase/functions/<name>/`, after checking the JWT when the function asks for it. `selfFetch`
 * sends a request into this same server without a network hop, so a function's supabase-js
 * client reaches the API exactly as it would on hosted Supabase.
 */
export function functionRoutes(
  ctx: AppContext,
  selfFetch: (request: Request) => Promise<Response>,
): Hono {
  const env: FunctionEnv = {
    supabaseUrl: SELF_URL,
    serviceRoleKey: ctx.config.serviceKey,
    fetch: (input, init) => selfFetch(new Request(input, init)),
    WebSocket,
    openaiBaseUrl: ctx.config.openaiBaseUrl,
    openaiTimeoutMs: ctx.config.openaiTimeoutMs,
    recordVisit: createVisitRecorder(ctx.db),
    smtpUrl: ctx.config.smtpUrl,
    notifyEmail: ctx.config.notifyEmail,
    publicOrigin: ctx.siteUrl,
    // The outbox already sends in the background; a call only makes it look now.
    sendRequestMails: () => ctx.outbox?.runOnce() ?? Promise.resolve(0),
  };
  const functions = new Map(
    EDGE_FUNCTIONS.map((fn) => [
      fn.name,
      { verifyJwt: fn.verifyJwt, handle: fn.createHandler(env) },
    ]),
  );

  const run = async (c: Context) => {
    const name = c.req.param('name') ?? '';
    const fn = functions.get(name);
    if (!fn) return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    // Preflights carry no credentials; the function answers them itself, as on Supabase.
    if (fn.verifyJwt && c.req.method !== 'OPTIONS') {
      const refusal = await checkJwt(c, ctx.config.jwtSecret);
      if (refusal) return refusal;
    }
    return invoke(c, name, fn.handle);
  };
  const app = new Hono();
  app.all('/:name', run);
  app.all('/:name/*', run);
  return app;
}

/** The gateway's check for `verify_jwt = true`: any unexpired token signed with the project secret. */
async function checkJwt(c: Context, secret: string): Promise<Response | undefined> {
  const header = c.req.header('authorization');
  if (!header) return c.json({ code: 401, message: 'Missing authorization header' }, 401);
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match || !(await verifyJwt(match[1]!, secret)).ok)
    return c.json({ code: 401, message: 'Invalid JWT' }, 401);
  return undefined;
}

async function invoke(c: Context, name: string, handle: FunctionHandler): Promise<Response> {
  try {
    return await handle(c.req.raw);
  } catch (error) {
    // The message only: a function's internals (keys, queries) stay out of responses and logs.
    log.error(`Fonction ${name} : erreur non gérée : ${describeError(error)}`);
    return c.json(
      { code: 'WORKER_ERROR', message: 'La fonction a rencontré une erreur interne.' },
      500,
    );
  }
}
