import nodemailer from 'nodemailer';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config.ts';
import { smtpTransportOptions } from '../../supabase/functions/_shared/smtp.ts';
import { createHandler } from '../../supabase/functions/request-mails/handler.ts';
import { clientsFor, sql, type Clients } from '../helpers/fixtures.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedStart, visitorRequest } from '../helpers/request-start.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// The owner's inbox over supabase-js (docs/decisions/038-request-inbox.md): its list view, the
// requests per period, the mail queue's functions and the request-mails function, for the
// administrator only. On embedded PGlite and on PostgreSQL.

const backends: [string, (overrides?: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', (overrides) => startTestServer(overrides)],
  ['PostgreSQL', (overrides) => startPostgresTestServer(overrides)],
];

const UNITS = ['day', 'week', 'month', 'year'] as const;
const VISIT_STATS = {
  day: 'get_daily_stats',
  week: 'get_weekly_stats',
  month: 'get_monthly_stats',
  year: 'get_yearly_stats',
} as const;

/** Requests made so far: each one names an address of its own, acknowledged once a day at most. */
let made = 0;

describe.each(backends)('the request inbox (%s)', (_name, start) => {
  let server: TestServer;
  let clients: Clients;

  beforeAll(async () => {
    server = await start();
    clients = await clientsFor(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await sql(server.db, 'delete from public.requests');
  });

  const submit = async (name: string, email: string | null = `client-${++made}@exemple.fr`) => {
    const { data, error } = await clients.visitor.rpc('submit_request', {
      payload: visitorRequest(await signedStart(server.db), { name, email }),
    });
    expect(error).toBeNull();
    return data as string;
  };

  it('lists newest first with the failed notifications marked, and counts the new ones', async () => {
    const first = await submit('Premier');
    const second = await submit('Second', null);
    const third = await submit('Troisième');
    await sql(
      server.db,
      `update public.requests set created_at = now() - make_interval(mins => 10 - n)
         from (values ($1::uuid, 1), ($2::uuid, 2), ($3::uuid, 3)) as v(id, n)
        where requests.id = v.id`,
      [first, second, third],
    );
    await sql(
      server.db,
      `update public.request_mails set status = 'echec', last_error = 'Refusé'
        where request_id = $1 and kind = 'proprietaire'`,
      [second],
    );
    await clients.admin.from('requests').update({ status: 'terminee' }).eq('id', third);

    const list = await clients.admin
      .from('request_inbox')
      .select('name, status, mail_failed')
      .order('created_at', { ascending: false })
      .range(0, 1);
    expect(list.error).toBeNull();
    expect(list.data).toEqual([
      { name: 'Troisième', status: 'terminee', mail_failed: false },
      { name: 'Second', status: 'nouvelle', mail_failed: true },
    ]);

    const news = await clients.admin
      .from('requests')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'nouvelle');
    expect(news.count).toBe(2);
    const filtered = await clients.admin
      .from('request_inbox')
      .select('name')
      .eq('status', 'terminee');
    expect(filtered.data).toEqual([{ name: 'Troisième' }]);
  });

  it('counts the requests per period in the visits’ own periods, for the administrator only', async () => {
    await submit('Aujourd’hui 1');
    await submit('Aujourd’hui 2');
    const old = await submit('Il y a six ans');
    await sql(
      server.db,
      `update public.requests set created_at = now() - interval '6 years' where id = $1`,
      [old],
    );
    for (const unit of UNITS) {
      const requests = await clients.admin.rpc('get_request_stats', { unit });
      const visits = await clients.admin.rpc(VISIT_STATS[unit]);
      expect(requests.error).toBeNull();
      const rows = requests.data as { period: string; requests: number | string }[];
      // The same periods as the visits, newest first; the one of six years ago is not shown.
      expect(rows.map((row) => row.period)).toEqual(
        (visits.data as { period: string }[]).map((row) => row.period),
      );
      expect(Number(rows[0]!.requests)).toBe(2);
      expect(rows.reduce((sum, row) => sum + Number(row.requests), 0)).toBe(2);
    }
    const unknown = await clients.admin.rpc('get_request_stats', { unit: 'decade' });
    expect(unknown.error?.message).toContain('Période inconnue');
  });

  it('keeps the list, the counts and the mail queue from visitors and non-administrators', async () => {
    const id = await submit('Camille');
    for (const actor of ['visitor', 'member'] as const) {
      const client = clients[actor];
      const inbox = await client.from('request_inbox').select('*');
      expect(inbox.data ?? []).toEqual([]);
      const stats = await client.rpc('get_request_stats', { unit: 'day' });
      expect(stats.error?.code).toBe('42501');
      const claimed = await client.rpc('claim_request_mails', { batch: 10, lease_seconds: 60 });
      expect(claimed.error?.code).toBe('42501');
      const recorded = await client.rpc('record_request_mail', {
        mail_id: 1,
        error: null,
        give_up: false,
        retry_seconds: 0,
      });
      expect(recorded.error?.code).toBe('42501');
      await client.from('requests').update({ status: 'terminee', note: 'x' }).eq('id', id);
      await client.from('requests').delete().eq('id', id);
    }
    expect(await sql(server.db, 'select status, note from public.requests')).toEqual([
      { status: 'nouvelle', note: null },
    ]);
    expect(await sql(server.db, `select status from public.request_mails`)).toEqual([
      { status: 'en_attente' },
      { status: 'en_attente' },
    ]);
    // The administrator cannot drive the queue either: only the server sends.
    const claimed = await clients.admin.rpc('claim_request_mails', {
      batch: 10,
      lease_seconds: 60,
    });
    expect(claimed.error?.code).toBe('42501');
  });

  it('tells the administrator alone whether mail is configured (off here)', async () => {
    const admin = await clients.admin.functions.invoke('request-mails', { method: 'GET' });
    expect(admin.error).toBeNull();
    expect(admin.data).toEqual({ smtp: false, notifyEmail: false });
    for (const actor of ['visitor', 'member'] as const) {
      const refused = await clients[actor].functions.invoke('request-mails', { method: 'GET' });
      expect(refused.data).toBeNull();
      expect((refused.error as { context?: Response }).context?.status).toBe(403);
      const post = await clients[actor].functions.invoke('request-mails', { method: 'POST' });
      expect((post.error as { context?: Response }).context?.status).toBe(403);
    }
    const off = await clients.service.functions.invoke('request-mails', { method: 'POST' });
    expect((off.error as { context?: Response }).context?.status).toBe(503);
  });
});

describe.each(backends)(
  'the request-mails function as hosted Supabase runs it (%s)',
  (_n, start) => {
    let smtp: TestSmtp;
    let server: TestServer;
    let clients: Clients;

    beforeAll(async () => {
      smtp = await startTestSmtp();
      // The server itself sends nothing (no SMTP_URL): the function below does, through the API.
      server = await start();
      clients = await clientsFor(server);
    });
    afterAll(async () => {
      await server?.close();
      await smtp?.close();
    });

    it('sends the due mails with the same settings, and says so to the administrator', async () => {
      const transport = nodemailer.createTransport(smtpTransportOptions(smtp.url));
      const handler = createHandler({
        supabaseUrl: server.url,
        serviceRoleKey: server.serviceKey,
        WebSocket,
        siteUrl: 'https://garage.test',
        smtpUrl: smtp.url,
        notifyEmail: 'patron@garage.test',
        sendMail: async (mail) => {
          await transport.sendMail({ from: 'site@garage.test', ...mail });
        },
      });
      const { data: id } = await clients.visitor.rpc('submit_request', {
        payload: visitorRequest(await signedStart(server.db), {
          email: `client-${++made}@exemple.fr`,
        }),
      });
      const call = (method: string, key: string) =>
        handler(
          new Request('http://functions.test/request-mails', {
            method,
            headers: { Authorization: `Bearer ${key}` },
          }),
        );

      expect(await (await call('GET', server.anonKey)).json()).toEqual({
        error: 'Réservé aux administrateurs : connectez-vous.',
      });
      const sent = await call('POST', server.serviceKey);
      expect(await sent.json()).toEqual({ smtp: true, notifyEmail: true, sent: 2 });
      const mails = await smtp.waitFor(2);
      const owner = mails.find((m) => m.to.includes('patron@garage.test'))!;
      expect(owner.text).toContain(`https://garage.test/admin/demandes/${id}`);
      expect(await sql(server.db, 'select status from public.request_mails')).toEqual([
        { status: 'envoye' },
        { status: 'envoye' },
      ]);
      // Nothing more is due: a second call sends nothing.
      expect(await (await call('POST', server.serviceKey)).json()).toMatchObject({ sent: 0 });
      transport.close();
    });
  },
);
