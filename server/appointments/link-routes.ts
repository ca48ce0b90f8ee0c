import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { addressKey, clientAddress } from '../client-address.ts';
import type { AppContext } from '../context.ts';
import { isPgError } from '../db/database.ts';
import { describeError, log } from '../log.ts';
import { isCrossSitePost } from '../requests/form-post.ts';
import { parisToday } from '../../src/lib/hours/paris-day.ts';
import type { Identity } from '../../supabase/functions/appointments/appointment-text.ts';
import { APPOINTMENT_LINK_PATH } from '../../supabase/functions/appointments/handler.ts';
import { wantedHalfDays } from '../../src/site/appointment-link/link-texts.ts';
import {
  LINK_CSS,
  LINK_STYLESHEET,
  linkPageHtml,
  MESSAGES,
  type LinkPage,
  type LinkState,
} from './link-page.ts';

const ANON = { role: 'anon', claims: { role: 'anon' } } as const;

type Fields = Record<string, string | File | (string | File)[]>;
const field = (fields: Fields, key: string): string => {
  const value = fields[key];
  return typeof value === 'string' ? value : '';
};

/** The functions' answer, read as text on both backends. */
const stateOf = (text: string | null | undefined): LinkState | null =>
  text ? (JSON.parse(text) as LinkState | null) : null;

/** The half-days the form asks for, as appointment_link_change takes them (blank ones dropped). */
export function wantedFromForm(fields: Fields): { date: string; moment: string }[] {
  return wantedHalfDays(
    [1, 2, 3].map((n) => ({
      date: field(fields, `date${n}`),
      moment: field(fields, `moment${n}`),
    })),
  );
}

/**
 * The customer's link (docs/decisions/076-appointment-confirmation.md): GET shows the appointment,
 * POST cancels it or asks for another day, both as a visitor through the security-definer
 * functions that the token opens, and both bounded per client address (server/limits). Pages are
 * never cached and send no Referer: the token is in the address.
 */
export function appointmentLinkRoutes(ctx: AppContext): Hono {
  const app = new Hono();

  const identity = async (): Promise<Identity> => {
    const { rows } = await ctx.db.asRequest(ANON, (tx) =>
      tx.query<{ content: string }>(
        "select content::text as content from public.site_content where type = 'identity'",
      ),
    );
    return rows[0] ? (JSON.parse(rows[0].content) as Identity) : {};
  };

  const page = async (
    c: Context,
    token: string,
    appointment: LinkState | null,
    status: 200 | 400 | 403 | 404 | 429 | 503,
    notice?: LinkPage['notice'],
    confirmCancel = false,
  ) => {
    const now = Date.now();
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const html = linkPageHtml({
      token,
      appointment,
      identity: await identity().catch(() => ({})),
      notice,
      confirmCancel,
      today: parisToday(now),
      lastDay: parisToday(now + 366 * 86_400_000),
    });
    return c.html(html, status);
  };

  /** Spends one of the address's tries; false when none is left. */
  const allowed = async (c: Context) => {
    const address = clientAddress(c, ctx.config.trustProxy);
    if (address === 'internal') return true;
    return (await ctx.limits.appointmentLinks.take(addressKey(address))).ok;
  };
  const tooMany = (c: Context, token: string) => {
    c.header('Retry-After', '3600');
    return page(c, token, null, 429, {
      kind: 'error',
      text: MESSAGES.tooMany,
    });
  };

  app.get(LINK_STYLESHEET, (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(LINK_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  app.get(APPOINTMENT_LINK_PATH, async (c) => {
    const token = (c.req.query('j') ?? '').slice(0, 200);
    if (!(await allowed(c))) return tooMany(c, token);
    try {
      const { rows } = await ctx.db.asRequest(ANON, (tx) =>
        tx.query<{ state: string | null }>(
          'select public.appointment_link_view($1)::text as state',
          [token],
        ),
      );
      const state = stateOf(rows[0]?.state);
      return page(c, token, state, state ? 200 : 404, undefined, c.req.query('annuler') === '1');
    } catch (error) {
      log.error(`Lien de rendez-vous illisible : ${describeError(error)}`);
      return page(c, token, null, 503, { kind: 'error', text: MESSAGES.failed });
    }
  });

  app.post(
    APPOINTMENT_LINK_PATH,
    bodyLimit({
      maxSize: 8 * 1024,
      onError: (c) => page(c, '', null, 400, { kind: 'error', text: MESSAGES.failed }),
    }),
    async (c) => {
      let fields: Fields;
      try {
        fields = (await c.req.parseBody({ all: true })) as Fields;
      } catch {
        fields = {};
      }
      const token = field(fields, 'j').slice(0, 200);
      const view = async () =>
        stateOf(
          (
            await ctx.db.asRequest(ANON, (tx) =>
              tx.query<{ state: string | null }>(
                'select public.appointment_link_view($1)::text as state',
                [token],
              ),
            )
          ).rows[0]?.state,
        );
      if (isCrossSitePost(c, ctx.siteUrl))
        return page(c, token, await view().catch(() => null), 403, {
          kind: 'error',
          text: MESSAGES.crossSite,
        });
      if (!(await allowed(c))) return tooMany(c, token);

      const action = field(fields, 'action');
      try {
        const { rows } = await ctx.db.asRequest(ANON, (tx) =>
          action === 'annuler'
            ? tx.query<{ state: string | null }>(
                'select public.appointment_link_cancel($1)::text as state',
                [token],
              )
            : tx.query<{ state: string | null }>(
                'select public.appointment_link_change($1, $2, $3::jsonb)::text as state',
                [
                  token,
                  field(fields, 'message').slice(0, 2000),
                  JSON.stringify(wantedFromForm(fields)),
                ],
              ),
        );
        const state = stateOf(rows[0]?.state);
        if (!state) return page(c, token, null, 404);
        ctx.outbox?.kick();
        const text = action === 'annuler' ? MESSAGES.cancelled : MESSAGES.changeSent;
        return page(c, token, state, 200, { kind: 'success', text });
      } catch (error) {
        if (isPgError(error) && error.code === '22023')
          return page(c, token, await view().catch(() => null), 400, {
            kind: 'error',
            text: error.message,
          });
        log.error(`Lien de rendez-vous : action impossible : ${describeError(error)}`);
        return page(c, token, await view().catch(() => null), 503, {
          kind: 'error',
          text: MESSAGES.failed,
        });
      }
    },
  );
  return app;
}
