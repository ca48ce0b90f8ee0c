import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { addressKey, clientAddress } from '../client-address.ts';
import type { AppContext } from '../context.ts';
import { isPgError } from '../db/database.ts';
import { tooManyRequestsMessage } from '../limits/middleware.ts';
import { describeError, log } from '../log.ts';
import type { Site } from '../site.ts';
import {
  emptyValues,
  payloadFromValues,
  SIGNED_START,
  valuesFromFields,
  type FormProblem,
  type RequestFormState,
  type RequestFormValues,
} from '../../src/site/request/request-form-model.ts';
import { parisDay } from '../../src/site/request/preferred-days.ts';
import { SENT_TEXT } from '../../src/site/request/request-messages.ts';
import { escapeHtml } from '../../supabase/functions/_shared/request-mails.ts';
import {
  isExpiredStart,
  problemFromRefusal,
  requestProblems,
} from '../../src/site/request/request-problems.ts';
import { REQUEST_FORM_PATH } from '../../src/site/request/request-route.ts';
import { sourceFields } from '../../src/lib/request-source.ts';

const CROSS_SITE =
  'Votre demande n’a pas été envoyée : elle ne venait pas du site du garage. Remplissez le formulaire de cette page, puis envoyez-le.';

const NOT_SAVED =
  "Votre demande n'a pas pu être enregistrée pour le moment. Réessayez dans quelques minutes, ou appelez directement le garage.";

/** The request form's fields, as a plain HTML form posts them (application/x-www-form-urlencoded). */
type FormFields = Record<string, string | File | (string | File)[]>;

const text = (fields: FormFields, key: string): string | undefined => {
  const value = fields[key];
  return typeof value === 'string' ? value : undefined;
};

/** What the visitor typed, as the plain form posts it. */
export function valuesFromForm(fields: FormFields): RequestFormValues {
  return valuesFromFields((key) => text(fields, key));
}

/**
 * The payload of submit_request from the fields of the plain form (without JavaScript): the
 * form's values (src/site/request/request-form-model.ts), the anti-spam fields `website` and
 * `started_at`, and where the visitor came from (`source`, `campagne`). The database checks it
 * all again.
 */
export function payloadFromForm(fields: FormFields): Record<string, unknown> {
  const payload = payloadFromValues(valuesFromForm(fields));
  const website = text(fields, 'website');
  if (website !== undefined) payload.website = website;
  const started = text(fields, 'started_at');
  if (started && SIGNED_START.test(started)) payload.started_at = started;
  const source = sourceFields(text(fields, 'source'), text(fields, 'campagne'));
  if (source) Object.assign(payload, source);
  return payload;
}

/**
 * A post made by another site's page (a hidden form that makes visitors send requests, and mails,
 * in their name). Browsers say where a post comes from: Sec-Fetch-Site, else Origin. A client
 * that says neither (an old browser, a script) is no visitor being used, and meets the other
 * bounds (docs/decisions/045-request-form-abuse.md).
 */
export function isCrossSitePost(c: Context, siteUrl: string): boolean {
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = c.req.header('origin');
  if (origin === undefined) return false;
  const own = [new URL(siteUrl).origin, new URL(c.req.url).origin];
  const host = c.req.header('host');
  return !own.includes(origin) && !(host && origin.replace(/^https?:\/\//, '') === host);
}

/** A small page of its own: the answer to the form without JavaScript. */
function answerPage(title: string, paragraphs: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="fr"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body><main>',
    `<h1>${escapeHtml(title)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<p><a href="/">Retour à l’accueil</a></p>',
    '</main></body></html>',
  ].join('\n');
}

const BACK =
  'Revenez au formulaire avec le bouton « Retour » de votre navigateur : ce que vous avez saisi y est encore.';

type Status = 200 | 400 | 403 | 429 | 503;

/**
 * The answer: the request form's page, server-rendered in this state (the confirmation, or the
 * values kept with the problems next to their fields); a small page of its own when the site has
 * no server renderer.
 */
async function answer(
  c: Context,
  site: Pick<Site, 'requestFormPage'>,
  state: RequestFormState,
  status: Status,
  extra: Record<string, string> = {},
): Promise<Response> {
  const page = await site.requestFormPage(REQUEST_FORM_PATH, state).catch((error: unknown) => {
    log.error(`Rendu du formulaire de demande impossible : ${describeError(error)}`);
    return undefined;
  });
  const fallback = state.sent
    ? answerPage('Demande envoyée', [SENT_TEXT])
    : answerPage('Demande non envoyée', [...state.problems.map((p) => p.message), BACK]);
  return c.html(page ?? fallback, status, extra);
}

/**
 * POST /rendez-vous: the request form sent without JavaScript. The same way in as the API's
 * (submit_request as a visitor, the same per-address limit), answered with the form's page: the
 * confirmation, or every value kept with each problem in French. See
 * docs/decisions/032-requests.md and docs/decisions/037-request-form-page.md.
 */
export function requestFormRoutes(ctx: AppContext, site: Pick<Site, 'requestFormPage'>): Hono {
  const app = new Hono();
  app.post(
    REQUEST_FORM_PATH,
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) =>
        c.html(
          answerPage('Demande non envoyée', ['Le formulaire envoyé est trop volumineux.', BACK]),
          400,
        ),
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const today = parisDay(Date.now());
      // A new start signed by the database (request_form_start), for a form shown again afresh.
      const newStart = () =>
        ctx.db
          .asRequest({ role: 'anon', claims: { role: 'anon' } }, (tx) =>
            tx.query<{ start: string }>('select public.request_form_start() as start'),
          )
          .then((result) => result.rows[0]?.start ?? null)
          .catch(() => null);
      if (isCrossSitePost(c, ctx.siteUrl)) {
        const state = { values: emptyValues(), sent: false, startedAt: await newStart(), today };
        const problems = [{ field: null, message: CROSS_SITE }];
        return answer(c, site, { ...state, problems }, 403);
      }
      let fields: FormFields;
      try {
        fields = (await c.req.parseBody({ all: true })) as FormFields;
      } catch {
        fields = {};
      }
      const values = valuesFromForm(fields);
      // Kept in the form shown again, so that a corrected request still says where it came from.
      const source = sourceFields(text(fields, 'source'), text(fields, 'campagne'));
      const posted = text(fields, 'started_at');
      // The same start as the form posted: a corrected form keeps its minimum fill time.
      let startedAt = posted && SIGNED_START.test(posted) ? posted : null;
      const refused = async (status: Exclude<Status, 200>, problems: FormProblem[], extra = {}) => {
        startedAt ??= await newStart();
        const state = { values, problems, sent: false, startedAt, today, source };
        return answer(c, site, state, status, extra);
      };

      const address = clientAddress(c, ctx.config.trustProxy);
      const key = address === 'internal' ? undefined : addressKey(address);
      if (key) {
        const verdict = await ctx.limits.requests.take(key);
        if (!verdict.ok) {
          const message = tooManyRequestsMessage(verdict.retryAfterSeconds);
          return refused(429, [{ field: null, message }], { 'Retry-After': '3600' });
        }
      }
      // Every problem at once, worded as the database words the first one.
      const problems = requestProblems(values);
      if (problems.length) {
        if (key) await ctx.limits.requests.giveBack(key);
        return refused(400, problems);
      }
      try {
        await ctx.db.asRequest({ role: 'anon', claims: { role: 'anon' } }, (tx) =>
          tx.query('select public.submit_request($1::jsonb)', [
            JSON.stringify(payloadFromForm(fields)),
          ]),
        );
      } catch (error) {
        if (key) await ctx.limits.requests.giveBack(key);
        if (isPgError(error) && (error.code === '23514' || error.code === '22023')) {
          const problem = problemFromRefusal(error.message, values.dates);
          // A start the database did not sign: the form shown again carries a new one.
          if (isExpiredStart(problem)) startedAt = null;
          return refused(400, [problem]);
        }
        log.error(`Demande envoyée sans JavaScript non enregistrée : ${describeError(error)}`);
        return refused(503, [{ field: null, message: NOT_SAVED }]);
      }
      ctx.outbox?.kick();
      return answer(c, site, { values, problems: [], sent: true, startedAt, today }, 200);
    },
  );
  return app;
}
