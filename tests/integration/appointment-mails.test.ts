import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { ServerConfig } from '../../server/config.ts';
import { clientsFor, sql, type Clients } from '../helpers/fixtures.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { openDayFromNow } from '../helpers/open-days.ts';
import { signedStart, visitorRequest } from '../helpers/request-start.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// What every appointment feature builds on (docs/decisions/074-appointments-foundation.md): a
// request keeps the category of where its visitor came from, and the mails written when queued
// (a confirmation with its calendar file, a cancellation passed to the owner…) leave through the
// request mails' queue, signed with the garage's details. On embedded PGlite and on PostgreSQL.

const backends: [string, (overrides?: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', (overrides) => startTestServer(overrides)],
  ['PostgreSQL', (overrides) => startPostgresTestServer(overrides)],
];

const OWNER = 'patron@garage.test';
const CALENDAR = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

describe.each(backends)('appointment foundations (%s)', (_name, start) => {
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

  /**
   * Asks the queue to send what is due, as a feature does right after queueing a mail (the
   * request-mails function, called as the service role).
   */
  async function sendDue() {
    const answer = await server
      .serviceClient()
      .functions.invoke('request-mails', { method: 'POST', body: {} });
    expect(answer.error).toBeNull();
  }

  /** Waits for the mails of the new requests to leave, then forgets them. */
  async function settled() {
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
  }

  /** Sends the form as a visitor would, with where they came from; resolves with the stored row. */
  async function submit(extra: Record<string, unknown>) {
    const { data: id, error } = await clients.visitor.rpc('submit_request', {
      payload: visitorRequest(started, {
        preferred_dates: [{ date: openDayFromNow(3), moment: 'matin' }],
        ...extra,
      }),
    });
    expect(error).toBeNull();
    const { data } = await clients.admin
      .from('requests')
      .select('id, source, source_campaign, status')
      .eq('id', id as string)
      .single();
    return data as { id: string; source: string | null; source_campaign: string | null };
  }

  it('keeps the category the visitor came from, and a campaign by its name only', async () => {
    expect(await submit({ source: 'google_maps' })).toMatchObject({
      source: 'google_maps',
      source_campaign: null,
    });
    expect(await submit({ source: 'campagne', campagne: 'Flyer-Printemps' })).toMatchObject({
      source: 'campagne',
      source_campaign: 'flyer-printemps',
    });
    // What the page could not have computed is dropped, never refused: the visitor cannot fix it.
    expect(await submit({ source: 'https://ailleurs.example/?q=x' })).toMatchObject({
      source: null,
    });
    expect(await submit({ source: 'campagne', campagne: '<script>' })).toMatchObject({
      source: null,
      source_campaign: null,
    });
    expect(await submit({})).toMatchObject({ source: null, status: 'nouvelle' });
  });

  it('sends a written mail to the customer, signed, with its calendar file', async () => {
    const { id } = await submit({});
    await settled();
    await sql(
      server.db,
      `insert into public.request_mails (request_id, kind, recipient, subject, body, attachments)
       values ($1, 'confirmation', 'client', 'Votre rendez-vous est confirmé',
               $2, jsonb_build_array(jsonb_build_object('filename', 'rendez-vous.ics',
                 'contentType', 'text/calendar', 'content', $3::text)))`,
      [id, 'Bonjour Camille,\n\nVotre rendez-vous est confirmé.\nÀ bientôt.', CALENDAR],
    );
    await sendDue();
    const [mail] = await smtp.waitFor(1);
    const { identity } = DEFAULT_CONTENT;
    expect(mail!.to).toEqual(['camille@exemple.fr']);
    expect(mail!.subject).toBe('Votre rendez-vous est confirmé');
    expect(mail!.replyTo).toBe(OWNER);
    expect(mail!.text).toContain('Votre rendez-vous est confirmé.\nÀ bientôt.');
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain(identity.name);
      expect(part).toContain(identity.phone);
    }
    expect(mail!.html).toContain('Votre rendez-vous est confirmé.<br>À bientôt.');
    expect(mail!.attachments).toEqual([
      { filename: 'rendez-vous.ics', contentType: 'text/calendar', content: CALENDAR },
    ]);

    // The request shows the mail and where it stands.
    await expect
      .poll(
        async () =>
          sql(server.db, "select status from public.request_mails where kind = 'confirmation'"),
        { timeout: 15_000 },
      )
      .toEqual([{ status: 'envoye' }]);
  });

  it('passes a mail for the owner to NOTIFY_EMAIL, answering it answers the customer', async () => {
    const { id } = await submit({});
    await settled();
    await sql(
      server.db,
      `insert into public.request_mails (request_id, kind, recipient, subject, body)
       values ($1, 'annulation', 'proprietaire', 'Rendez-vous annulé par Camille Martin',
               'Le client a annulé son rendez-vous.')`,
      [id],
    );
    await sendDue();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([OWNER]);
    expect(mail!.replyTo).toBe('camille@exemple.fr');
    expect(mail!.subject).toBe('Rendez-vous annulé par Camille Martin');
  });

  it('refuses a written kind of mail with nothing written, and lets no visitor queue one', async () => {
    const { id } = await submit({});
    await expect(
      sql(
        server.db,
        `insert into public.request_mails (request_id, kind, recipient) values ($1, 'rappel', 'client')`,
        [id],
      ),
    ).rejects.toThrow(/request_mails_written/);
    for (const actor of ['visitor', 'member', 'admin'] as const) {
      const { error } = await clients[actor]
        .from('request_mails')
        .insert({ request_id: id, kind: 'reponse', recipient: 'client', subject: 'x', body: 'y' });
      expect(error, actor).not.toBeNull();
    }
  });

  it('follows the job with its statuses, and refuses one it does not know', async () => {
    const { id } = await submit({});
    for (const status of ['a_rappeler', 'rdv_confirme', 'vehicule_recu', 'terminee', 'non_venu']) {
      const { error } = await clients.admin.from('requests').update({ status }).eq('id', id);
      expect(error, status).toBeNull();
    }
    const { error } = await clients.admin
      .from('requests')
      .update({ status: 'en_cours' })
      .eq('id', id);
    expect(error?.message).toMatch(/requests_status/);
  });
});
