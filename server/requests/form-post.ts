import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { addressKey, clientAddress } from '../client-address.ts';
import type { AppContext } from '../context.ts';
import { isPgError } from '../db/database.ts';
import { tooManyRequestsMessage } from '../limits/middleware.ts';
import { describeError, log } from '../log.ts';

/** The request form's fields, as a plain HTML form posts them (application/x-www-form-urlencoded). */
type FormFields = Record<string, string | File | (string | File)[]>;

/** Up to three preferred days: `date_1` and `moment_1`, `date_2`… */
export const PREFERRED_DATE_FIELDS = 3;

const text = (fields: FormFields, key: string): string | undefined => {
  const value = fields[key];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The payload of submit_request from the fields of the plain form (without JavaScript): the same
 * names as the schema's (schemas/forms/request.schema.json), a year as a number, the checkbox as
 * a boolean, `date_n`/`moment_n` as the list of preferred days (blank days left out), and the
 * anti-spam fields `website` and `started_at`. Every check is the database's.
 */
export function payloadFromForm(fields: FormFields): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const key of ['name', 'phone', 'email', 'vehicle_make', 'vehicle_model', 'plate']) {
    const value = text(fields, key);
    if (value !== undefined) payload[key] = value;
  }
  for (const key of ['service', 'message', 'website']) {
    const value = text(fields, key);
    if (value !== undefined) payload[key] = value;
  }
  const year = text(fields, 'vehicle_year')?.trim();
  if (year) payload.vehicle_year = /^\d{1,6}$/.test(year) ? Number(year) : year;
  payload.consent = text(fields, 'consent') !== undefined;
  const started = text(fields, 'started_at');
  if (started && /^\d{1,15}$/.test(started)) payload.started_at = Number(started);
  const dates: { date: string; moment: string }[] = [];
  for (let n = 1; n <= PREFERRED_DATE_FIELDS; n++) {
    const date = text(fields, `date_${n}`)?.trim();
    if (date) dates.push({ date, moment: text(fields, `moment_${n}`) || 'journee' });
  }
  payload.preferred_dates = dates;
  return payload;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
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

function refused(c: Context, status: 400 | 429 | 503, message: string): Response {
  return c.html(
    answerPage('Demande non envoyée', [message, BACK]),
    status,
    status === 429 ? { 'Retry-After': '3600' } : {},
  );
}

/**
 * POST /rendez-vous: the request form sent without JavaScript. The same way in as the API's
 * (submit_request as a visitor, the same per-address limit), answered with a page: the
 * confirmation, or the first problem in French. See docs/decisions/032-requests.md.
 */
export function requestFormRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.post(
    '/rendez-vous',
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => refused(c, 400, 'Le formulaire envoyé est trop volumineux.'),
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const address = clientAddress(c, ctx.config.trustProxy);
      const key = address === 'internal' ? undefined : addressKey(address);
      if (key) {
        const verdict = await ctx.limits.requests.take(key);
        if (!verdict.ok) return refused(c, 429, tooManyRequestsMessage(verdict.retryAfterSeconds));
      }
      let fields: FormFields;
      try {
        fields = (await c.req.parseBody({ all: true })) as FormFields;
      } catch {
        fields = {};
      }
      try {
        await ctx.db.asRequest({ role: 'anon', claims: { role: 'anon' } }, (tx) =>
          tx.query('select public.submit_request($1::jsonb)', [
            JSON.stringify(payloadFromForm(fields)),
          ]),
        );
      } catch (error) {
        if (key) await ctx.limits.requests.giveBack(key);
        if (isPgError(error) && (error.code === '23514' || error.code === '22023'))
          return refused(c, 400, error.message);
        log.error(`Demande envoyée sans JavaScript non enregistrée : ${describeError(error)}`);
        return refused(
          c,
          503,
          "Votre demande n'a pas pu être enregistrée pour le moment. Réessayez dans quelques minutes, ou appelez directement le garage.",
        );
      }
      ctx.outbox?.kick();
      const thanks = 'Merci : le garage a bien reçu votre demande et vous répondra au plus vite.';
      const mailed =
        'Si vous avez indiqué une adresse e-mail, un message de confirmation vous y attend.';
      return c.html(answerPage('Demande envoyée', ctx.outbox ? [thanks, mailed] : [thanks]));
    },
  );
  return app;
}
