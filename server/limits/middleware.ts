import type { Context, MiddlewareHandler } from 'hono';
import { addressKey, clientAddress } from '../client-address.ts';
import { AuthError, authErrorResponse } from '../auth/errors.ts';
import { errorResponse, tooManyRequests } from '../storage/errors.ts';
import type { Verdict } from './limiter.ts';
import type { Limits } from './index.ts';

function refusal(c: Context, verdict: Extract<Verdict, { ok: false }>, what: string): Response {
  const seconds = verdict.retryAfterSeconds;
  const message = `${what} Réessayez dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`;
  if (c.req.path.startsWith('/auth/v1/')) {
    return authErrorResponse(
      c,
      new AuthError(
        429,
        'over_request_rate_limit',
        message,
        {},
        { 'Retry-After': String(seconds) },
      ),
    );
  }
  // Storage's own shape and English words (docs/decisions/090-storage-errors-in-english.md).
  if (c.req.path.startsWith('/storage/v1/'))
    return errorResponse(tooManyRequests(seconds), {}, { 'Retry-After': String(seconds) });
  // PostgREST's error shape, which supabase-js reads for REST and functions alike.
  return c.json({ code: '429', details: null, hint: null, message }, 429, {
    'Retry-After': String(seconds),
  });
}

/** The counting key of the request's client, or undefined for requests from inside the process. */
function clientKey(c: Context, trustProxy: boolean): string | undefined {
  const address = clientAddress(c, trustProxy);
  return address === 'internal' ? undefined : addressKey(address);
}

/**
 * The general limit of every API request per client address (REST, auth, functions), generous
 * enough that a visitor or the owner never meets it: it only stops a client flooding the server.
 */
export function apiRateLimit(limits: Limits, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.method === 'OPTIONS' ? undefined : clientKey(c, trustProxy);
    if (key) {
      const verdict = await limits.api.take(key);
      if (!verdict.ok) return refusal(c, verdict, 'Trop de requêtes depuis votre adresse.');
    }
    await next();
  };
}

/**
 * The two writes any visitor may make, bounded so that one client cannot inflate the statistics
 * or an article's views: a few recorded visits per address, and one view per article per address
 * and window (a visitor reading an article again is the same view). Counters live in memory and
 * hold daily-salted hashes, never addresses (server/limits/limiter.ts).
 *
 * A visit over the limit is not counted but is no error either: many visitors behind one busy
 * address (a mobile carrier's) are each answered 200 `{ success: true, counted: false }`, so their
 * browsers log no failed request, as for a repeated article view
 * (docs/decisions/014-visits-and-statistics.md).
 */
export function visitRateLimit(limits: Limits, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.method === 'POST' ? clientKey(c, trustProxy) : undefined;
    if (key && !(await limits.visits.take(key)).ok) {
      return c.json({ success: true, counted: false });
    }
    await next();
  };
}

/**
 * A repeated view (the same article from the same address within the window) is not counted but
 * is no error either: it is answered like the function, with the article's count as it stands,
 * so a reader who reloads an article sees no failed request (docs/decisions/015-article-views.md).
 * Only a client reading many articles in a row is refused with 429.
 */
export function viewRateLimit(
  limits: Limits,
  trustProxy: boolean,
  currentViews: (slug: string) => Promise<number | null>,
): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.method === 'POST' ? clientKey(c, trustProxy) : undefined;
    if (key) {
      const slug = await postSlugOf(c.req.raw);
      if (!(await limits.viewsPerPost.take(`${key} ${slug}`)).ok) {
        return c.json(await currentViews(slug));
      }
      const verdict = await limits.views.take(key);
      if (!verdict.ok) return refusal(c, verdict, "Trop d'articles lus depuis votre adresse.");
    }
    await next();
  };
}

/**
 * Quote and appointment requests (submit_request): a few per address and hour, answered in French
 * with when to try again (requests refused for a wrong field do not count). After a request is
 * stored, its mails are sent in the background (`accepted`, server/mail/outbox.ts). The database
 * never sees the address.
 */
export function requestRateLimit(
  limits: Limits,
  trustProxy: boolean,
  accepted: () => void,
): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.method === 'POST' ? clientKey(c, trustProxy) : undefined;
    if (key) {
      const verdict = await limits.requests.take(key);
      if (!verdict.ok) return requestRefusal(c, verdict.retryAfterSeconds);
    }
    await next();
    if (!key) return;
    // A request refused for a wrong field is not one: a visitor correcting the form keeps them all.
    if (c.res.status >= 400) await limits.requests.giveBack(key);
    else accepted();
  };
}

/**
 * The customer's appointment link, through the API (appointment_link_view, _cancel, _change): a
 * few uses per address and hour, as for its page (server/appointments/link-routes.ts), so that
 * nobody tries tokens in bulk.
 */
export function appointmentLinkRateLimit(limits: Limits, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.method === 'OPTIONS' ? undefined : clientKey(c, trustProxy);
    if (key) {
      const verdict = await limits.appointmentLinks.take(key);
      if (!verdict.ok) return refusal(c, verdict, 'Trop d’essais depuis votre adresse.');
    }
    await next();
  };
}

/** The French answer to a visitor who sent too many requests. */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return (
    'Vous avez déjà envoyé plusieurs demandes depuis cette connexion. ' +
    `Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}, ou appelez directement le garage.`
  );
}

function requestRefusal(c: Context, seconds: number): Response {
  return c.json(
    { code: '429', details: null, hint: null, message: tooManyRequestsMessage(seconds) },
    429,
    { 'Retry-After': String(seconds) },
  );
}

/** The article an increment_views call names, read from a copy so the RPC still gets its body. */
async function postSlugOf(request: Request): Promise<string> {
  try {
    const body = (await request.clone().json()) as { post_slug?: unknown } | null;
    return typeof body?.post_slug === 'string' ? body.post_slug.slice(0, 200) : '';
  } catch {
    return '';
  }
}
