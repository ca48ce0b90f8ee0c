import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { readHalfDayLoad } from '../../src/admin/requests/appointment-api.ts';
import { parisInputToIso } from '../../src/lib/dates-paris.ts';
import { dayKeyOf } from '../../src/lib/hours/schedule.ts';
import type { ServerConfig } from '../../server/config.ts';
import { clientsFor, sql, type Clients } from '../helpers/fixtures.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { openDayFromNow } from '../helpers/open-days.ts';
import { signedStart, visitorRequest } from '../helpers/request-start.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp.ts';

// Confirming an appointment from a request and the customer's link
// (docs/decisions/076-appointment-confirmation.md): the confirmation mail with its calendar file,
// read from a real SMTP server; the signed link's page, its forgeries, its end, its single
// cancellation; the owner told. On embedded PGlite and on PostgreSQL.

const backends: [string, (overrides?: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', (overrides) => startTestServer(overrides)],
  ['PostgreSQL', (overrides) => startPostgresTestServer(overrides)],
];

const OWNER = 'patron@garage.test';
const { identity, hours } = DEFAULT_CONTENT;

/** The properties of a calendar file's event, its folded lines unfolded (RFC 5545). */
function calendarEvent(ics: string): Record<string, string> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const start = lines.indexOf('BEGIN:VEVENT');
  const props: Record<string, string> = {};
  for (const line of [...lines.slice(0, start), ...lines.slice(start)]) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).split(';')[0]!;
    props[name] ??= line
      .slice(colon + 1)
      .replace(/\\,/g, ',')
      .replace(/\\n/g, '\n');
  }
  return props;
}

/** '2026-12-01' and '08:00' in Paris → '20261201T070000Z', as a calendar file writes UTC. */
const icsUtc = (date: string, time: string) =>
  parisInputToIso(`${date}T${time}`)!
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const tokenOf = (mail: ReceivedMail) => /\?j=([^\s&]+)/.exec(mail.text)![1]!;

describe.each(backends)('appointment confirmation (%s)', (_name, start) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let clients: Clients;
  let started = '';

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await start({ smtpUrl: smtp.url, notifyEmail: OWNER, siteUrl: 'https://garage.test' });
    started = await signedStart(server.db);
    clients = await clientsFor(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await sql(server.db, 'delete from public.requests');
    smtp.received.length = 0;
  });

  /** A request as a visitor sends it, its own mails sent and forgotten; resolves with its id. */
  async function submit(extra: Record<string, unknown> = {}): Promise<string> {
    const { data: id, error } = await clients.visitor.rpc('submit_request', {
      payload: visitorRequest(started, { message: 'Bruit étrange au freinage', ...extra }),
    });
    expect(error).toBeNull();
    await expect
      .poll(
        async () =>
          sql(
            server.db,
            "select count(*)::int as n from public.request_mails where status = 'en_attente'",
          ),
        { timeout: 15_000 },
      )
      .toEqual([{ n: 0 }]);
    smtp.received.length = 0;
    return id as string;
  }

  async function confirm(actor: keyof Clients, body: Record<string, unknown>) {
    return clients[actor].functions.invoke('appointments', { body });
  }

  const page = (token: string) =>
    fetch(`${server.url}/rendez-vous/gerer?j=${encodeURIComponent(token)}`);
  const post = (fields: Record<string, string>) =>
    fetch(`${server.url}/rendez-vous/gerer`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  async function row(id: string) {
    const [found] = await sql<Record<string, unknown>>(
      server.db,
      `select status, appointment_date::text as date, appointment_moment as moment,
              to_char(appointment_time, 'HH24:MI') as time, appointment_note as note,
              confirmed_at is not null as confirmed, cancelled_at is not null as cancelled
         from public.requests where id = $1`,
      [id],
    );
    return found;
  }

  it('confirms a half-day and mails the customer, with a calendar file at the opening hours', async () => {
    const id = await submit();
    const day = openDayFromNow(5);
    const answer = await confirm('admin', {
      request_id: id,
      date: day,
      moment: 'matin',
      note: 'Prévoyez une heure sur place.',
    });
    expect(answer.error).toBeNull();
    expect(answer.data).toEqual({ confirmed: true, mailed: true });
    expect(await row(id)).toMatchObject({
      status: 'rdv_confirme',
      date: day,
      moment: 'matin',
      time: null,
      note: 'Prévoyez une heure sur place.',
      confirmed: true,
    });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['camille@exemple.fr']);
    expect(mail!.subject).toMatch(/^Rendez-vous confirmé : .+, le matin$/);
    const ranges = hours.week[dayKeyOf(day)];
    for (const words of [
      'Bonjour Camille Martin,',
      'le matin',
      'Prévoyez une heure sur place.',
      `Adresse : ${identity.street}, ${identity.postalCode} ${identity.city}`,
      'https://www.google.com/maps/search/?api=1&query=',
      `Téléphone : ${identity.phone}`,
      `de ${Number(ranges[0]!.opens.slice(0, 2))}h${ranges[0]!.opens.slice(3)}`,
      'https://garage.test/rendez-vous/gerer?j=',
    ])
      expect(mail!.text).toContain(words);

    expect(mail!.attachments).toHaveLength(1);
    const file = mail!.attachments[0]!;
    expect(file.filename).toBe('rendez-vous.ics');
    expect(file.contentType).toBe('text/calendar');
    const event = calendarEvent(file.content);
    expect(event.METHOD).toBe('PUBLISH');
    expect(event.UID).toBe(`rendez-vous-${id}@garage.test`);
    expect(event.DTSTART).toBe(icsUtc(day, ranges[0]!.opens));
    const morningEnd = ranges[0]!.closes < '12:00' ? ranges[0]!.closes : '12:00';
    expect(event.DTEND).toBe(icsUtc(day, morningEnd));
    expect(event.SUMMARY).toBe(`Rendez-vous : ${identity.name}`);
    expect(event.LOCATION).toContain(identity.street);
    expect(event.LOCATION).toContain(identity.city);
  });

  it('starts the calendar event at the time given, and lets only administrators confirm', async () => {
    const id = await submit();
    const day = openDayFromNow(6);
    for (const actor of ['visitor', 'member'] as const) {
      const refused = await confirm(actor, { request_id: id, date: day, moment: 'matin' });
      expect(refused.error, actor).not.toBeNull();
    }
    // The database's side is the service role's alone: the function checks the administrator.
    for (const actor of ['visitor', 'member', 'admin'] as const) {
      const rpc = await clients[actor].rpc('confirm_appointment', {
        request_id: id,
        day,
        moment: 'matin',
        at_time: null,
        note: null,
      });
      expect(rpc.error, actor).not.toBeNull();
    }
    expect(await row(id)).toMatchObject({ status: 'nouvelle', confirmed: false });

    const answer = await confirm('admin', {
      request_id: id,
      date: day,
      moment: 'apres-midi',
      time: '15:30',
    });
    expect(answer.error).toBeNull();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toContain('l’après-midi (vers 15h30)');
    const event = calendarEvent(mail!.attachments[0]!.content);
    expect(event.DTSTART).toBe(icsUtc(day, '15:30'));
    expect(event.DTEND).toBe(icsUtc(day, '16:30'));
  });

  it('records the appointment of a request without e-mail and says no mail goes', async () => {
    const id = await submit({ email: '' });
    const answer = await confirm('admin', {
      request_id: id,
      date: openDayFromNow(4),
      moment: 'matin',
    });
    expect(answer.data).toEqual({ confirmed: true, mailed: false });
    expect(await row(id)).toMatchObject({ status: 'rdv_confirme' });
    expect(
      await sql(
        server.db,
        "select count(*)::int as n from public.request_mails where kind = 'confirmation'",
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('shows only the appointment and the garage on the link, and cancels once, telling the owner', async () => {
    const id = await submit();
    const day = openDayFromNow(5);
    await confirm('admin', { request_id: id, date: day, moment: 'matin' });
    const token = tokenOf((await smtp.waitFor(1))[0]!);
    smtp.received.length = 0;

    const shown = await page(token);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    const html = await shown.text();
    expect(html).toContain('le matin');
    expect(html).toContain(identity.name);
    expect(html).toContain('Annuler le rendez-vous');
    expect(html).toContain('Demander un autre jour');
    for (const secret of [
      'Camille',
      'Martin',
      'Bruit étrange',
      'camille@exemple.fr',
      '06 12 34 56 78',
      'Peugeot',
    ])
      expect(html).not.toContain(secret);

    const load = () =>
      readHalfDayLoad(clients.admin, day, 'matin', '00000000-0000-0000-0000-000000000000');
    expect((await load()).booked).toBe(1);

    const cancelled = await post({ j: token, action: 'annuler' });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain(
      'Votre rendez-vous est annulé. Le garage est prévenu.',
    );
    expect(await row(id)).toMatchObject({ status: 'annulee', cancelled: true });
    expect((await load()).booked).toBe(0);
    const [told] = await smtp.waitFor(1);
    expect(told!.to).toEqual([OWNER]);
    expect(told!.subject).toBe('Rendez-vous annulé : Camille Martin');
    expect(told!.text).toContain('Cette demi-journée est de nouveau libre.');

    // Used once: again, the page says it is cancelled and nobody is told twice.
    const again = await post({ j: token, action: 'annuler' });
    expect(await again.text()).toContain('Rendez-vous annulé');
    expect(await (await page(token)).text()).toContain('Ce rendez-vous est annulé.');
    expect(
      await sql(
        server.db,
        "select count(*)::int as n from public.request_mails where kind = 'annulation'",
      ),
    ).toEqual([{ n: 1 }]);
  });

  it('refuses forged, replaced and ended links', async () => {
    const id = await submit();
    const other = await submit({ name: 'Dominique Autre', message: 'Autre message privé' });
    await confirm('admin', { request_id: id, date: openDayFromNow(5), moment: 'matin' });
    await confirm('admin', { request_id: other, date: openDayFromNow(6), moment: 'apres-midi' });
    const mails = await smtp.waitFor(2);
    const token = tokenOf(mails[0]!);
    const [, purpose, version, signature] = token.split('.');
    smtp.received.length = 0;

    const forgeries = [
      [other, purpose, version, signature].join('.'),
      [id, 'annuler', version, signature].join('.'),
      [id, purpose, String(Number(version) + 1), signature].join('.'),
      [id, purpose, version, signature!.replace(/^./, (c) => (c === '0' ? '1' : '0'))].join('.'),
      'nimportequoi',
    ];
    for (const forged of forgeries) {
      const answer = await page(forged);
      expect(answer.status, forged).toBe(404);
      const html = await answer.text();
      expect(html).toContain('Ce lien n’est plus valable');
      expect(html).not.toContain('Dominique');
      const { data } = await clients.visitor.rpc('appointment_link_cancel', { token: forged });
      expect(data).toBeNull();
    }
    expect(await row(other)).toMatchObject({ status: 'rdv_confirme' });

    // Confirming another day sends a new mail; the first mail's link stops working.
    await confirm('admin', { request_id: id, date: openDayFromNow(8), moment: 'apres-midi' });
    const renewed = tokenOf((await smtp.waitFor(1))[0]!);
    expect(renewed).not.toBe(token);
    expect((await page(token)).status).toBe(404);
    expect((await page(renewed)).status).toBe(200);

    // After the appointment's day, the link has ended.
    await sql(
      server.db,
      "update public.requests set appointment_date = (now() at time zone 'Europe/Paris')::date - 1 where id = $1",
      [id],
    );
    expect((await page(renewed)).status).toBe(404);
    const { data } = await clients.visitor.rpc('appointment_link_view', { token: renewed });
    expect(data).toBeNull();
    expect(await row(id)).toMatchObject({ status: 'rdv_confirme' });
  });

  it('passes a wish for another day to the owner, bounded', async () => {
    const id = await submit();
    await confirm('admin', { request_id: id, date: openDayFromNow(5), moment: 'matin' });
    const token = tokenOf((await smtp.waitFor(1))[0]!);
    smtp.received.length = 0;
    const wanted = openDayFromNow(10);

    const tooMany = await clients.visitor.rpc('appointment_link_change', {
      token,
      message: 'x',
      wanted: [1, 2, 3, 4].map(() => ({ date: wanted, moment: 'matin' })),
    });
    expect(tooMany.error?.message).toContain('trois demi-journées au plus');
    const tooLong = await post({ j: token, action: 'changer', message: 'a'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain('500 caractères au plus');
    expect(await row(id)).toMatchObject({ status: 'rdv_confirme' });

    const asked = await post({
      j: token,
      action: 'changer',
      message: 'Je travaille ce jour-là.',
      date1: wanted,
      moment1: 'apres-midi',
      date2: '',
      moment2: 'matin',
    });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('le garage vous rappelle');
    expect(await row(id)).toMatchObject({ status: 'a_rappeler' });
    const [told] = await smtp.waitFor(1);
    expect(told!.to).toEqual([OWNER]);
    expect(told!.subject).toBe('Demande d’un autre jour : Camille Martin'.replace('’', "'"));
    expect(told!.text).toContain('Je travaille ce jour-là.');
    expect(told!.text).toContain('l’après-midi'.replace('’', "'"));
  });

  it('keeps the link’s pages and functions from being tried in bulk', async () => {
    const limited = await start({ appointmentLinkRateLimit: 2 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await fetch(`${limited.url}/rendez-vous/gerer?j=x${i}`)).status);
      expect(statuses).toEqual([404, 404, 429]);
      const { error } = await limited.anonClient().rpc('appointment_link_view', { token: 'x' });
      expect(error?.message).toContain('Trop d’essais');
    } finally {
      await limited.close();
    }
  });
});
