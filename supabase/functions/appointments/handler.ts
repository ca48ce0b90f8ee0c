import type { SupabaseClient } from '@supabase/supabase-js';
import { isAdminRequest } from '../_shared/auth.ts';
import type { FunctionEnv, FunctionHandler } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { createServiceClient } from '../_shared/supabase.ts';
import { confirmationMail, type HalfDay, type Hours, type Identity } from './confirmation-mail.ts';

/** Where the customer's link leads (server/appointments/link-routes.ts serves it). */
export const APPOINTMENT_LINK_PATH = '/rendez-vous/gerer';

/** What the back-office sends to confirm a half-day. */
export interface ConfirmBody {
  request_id: string;
  date: string;
  moment: HalfDay;
  time?: string | null;
  note?: string | null;
}

/** The answer: the appointment is recorded; `mailed` says whether the customer gets a mail. */
export interface ConfirmAnswer {
  confirmed: true;
  mailed: boolean;
  error?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The body, checked and bounded; a French reason when it is not one. */
export function readConfirmBody(body: unknown): ConfirmBody | string {
  if (typeof body !== 'object' || body === null) return 'Demande vide.';
  const b = body as Record<string, unknown>;
  if (typeof b.request_id !== 'string' || !UUID.test(b.request_id)) return 'Demande inconnue.';
  if (typeof b.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(b.date))
    return 'Choisissez le jour du rendez-vous.';
  if (b.moment !== 'matin' && b.moment !== 'apres-midi')
    return 'Choisissez le matin ou l’après-midi.';
  const time = b.time === '' || b.time === undefined ? null : b.time;
  if (time !== null && (typeof time !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)))
    return 'L’heure doit s’écrire comme 09:30.';
  const note = b.note === undefined ? null : b.note;
  if (note !== null && (typeof note !== 'string' || note.length > 1000))
    return 'Le mot pour le client doit faire 1 000 caractères au plus.';
  return { request_id: b.request_id, date: b.date, moment: b.moment, time, note };
}

async function content<T>(supabase: SupabaseClient, type: string): Promise<T | undefined> {
  const { data } = await supabase.from('site_content').select('content').eq('type', type);
  return (data?.[0] as { content: T } | undefined)?.content;
}

/**
 * Confirms a request's appointment (docs/decisions/076-appointment-confirmation.md): POST, for an
 * administrator only. Records the half-day through confirm_appointment (the service role only),
 * then queues the customer's confirmation mail with its calendar file and link, and asks the
 * queue to send it. A request without e-mail is confirmed all the same (`mailed: false`).
 */
export function createHandler(env: FunctionEnv): FunctionHandler {
  const supabase = createServiceClient(env);

  const sendNow = async () => {
    if (env.sendRequestMails) return void (await env.sendRequestMails());
    // Hosted Supabase: the request-mails function sends the queue, called as the service role.
    await supabase.functions.invoke('request-mails', { method: 'POST', body: {} });
  };

  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'POST')
      return json({ error: 'Méthode non autorisée : utilisez POST.' }, 405, {
        Allow: 'POST, OPTIONS',
      });
    if (!(await isAdminRequest(req, supabase)))
      return json({ error: 'Réservé aux administrateurs : connectez-vous.' }, 403);
    const text = await req.text();
    if (text.length > 8192) return json({ error: 'Demande trop volumineuse.' }, 413);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const body = readConfirmBody(parsed);
    if (typeof body === 'string') return json({ error: body }, 400);

    const confirmed = await supabase.rpc('confirm_appointment', {
      request_id: body.request_id,
      day: body.date,
      moment: body.moment,
      at_time: body.time ?? null,
      note: body.note ?? null,
    });
    if (confirmed.error) {
      const status = confirmed.error.code === 'P0002' ? 404 : 400;
      return json({ error: confirmed.error.message }, status);
    }
    const { token, confirmed_at } = confirmed.data as { token: string; confirmed_at: string };

    const { data: request } = await supabase
      .from('requests')
      .select('name, email')
      .eq('id', body.request_id)
      .maybeSingle();
    const email = (request as { email: string | null } | null)?.email;
    if (!email) return json({ confirmed: true, mailed: false } satisfies ConfirmAnswer);

    const [identity, hours] = await Promise.all([
      content<Identity>(supabase, 'identity'),
      content<Hours>(supabase, 'hours'),
    ]);
    const site = new URL(env.publicOrigin || env.siteUrl || req.headers.get('origin') || req.url);
    const link = `${site.origin}${APPOINTMENT_LINK_PATH}?j=${encodeURIComponent(token)}`;
    const mail = confirmationMail({
      appointment: {
        requestId: body.request_id,
        customerName: (request as { name: string }).name,
        date: body.date,
        moment: body.moment,
        time: body.time ?? null,
        note: body.note ?? null,
      },
      identity: identity ?? {},
      hours: hours ?? { week: {} },
      link,
      uidHost: site.hostname,
      sequence: Math.floor(new Date(confirmed_at).getTime() / 1000),
    });
    const queued = await supabase.from('request_mails').insert({
      request_id: body.request_id,
      kind: 'confirmation',
      recipient: 'client',
      ...mail,
    });
    if (queued.error) {
      console.error('appointments : e-mail non mis en file :', queued.error.message);
      return json({
        confirmed: true,
        mailed: false,
        error: 'Le rendez-vous est enregistré, mais l’e-mail au client n’a pas pu être préparé.',
      } satisfies ConfirmAnswer);
    }
    await sendNow().catch((error: unknown) => {
      // The queue retries on its own: the mail is not lost.
      console.warn('appointments : envoi différé :', error);
    });
    return json({ confirmed: true, mailed: true } satisfies ConfirmAnswer);
  };
}
