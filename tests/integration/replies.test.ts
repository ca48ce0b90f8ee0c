import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { REPLY_MARKERS, fillReply, markerText } from '../../src/admin/replies/reply-markers.ts';
import { readReplySetup, sendReply } from '../../src/admin/replies/replies-api.ts';
import type { ServerConfig } from '../../server/config.ts';
import { clientsFor, sql, type Clients } from '../helpers/fixtures.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { requestRow } from '../helpers/request-row.ts';

// Replies from the back-office (docs/decisions/079-replies-from-templates.md): templates whose
// markers the database checks like the form does, and a reply queued by the database for an
// administrator only, sent by the request mails' queue with the garage's signature, and kept on
// the request with its text whatever happens to the sending. On embedded PGlite and on PostgreSQL.

const backends: [string, (overrides?: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', (overrides) => startTestServer(overrides)],
  ['PostgreSQL', (overrides) => startPostgresTestServer(overrides)],
];

const OWNER = 'patron@garage.test';

describe.each(backends)('replies from templates (%s)', (_name, start) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let clients: Clients;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await start({ smtpUrl: smtp.url, notifyEmail: OWNER, siteUrl: 'https://garage.test' });
    clients = await clientsFor(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await sql(server.db, 'delete from public.requests');
    await sql(server.db, "delete from public.site_content where type = 'replies'");
    smtp.refuse(false);
    smtp.received.length = 0;
  });

  /** A stored request, as the form leaves it, without its two first mails (not under test). */
  async function request(extra: Record<string, unknown> = {}): Promise<string> {
    const columns = requestRow({ service: 'Freins', ...extra });
    const names = Object.keys(columns);
    const [row] = await sql<{ id: string }>(
      server.db,
      `insert into public.requests (${names.join(', ')})
       values (${names.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
      // Lists as JSON (the driver would send a Postgres array for a jsonb column).
      Object.values(columns).map((value) => (Array.isArray(value) ? JSON.stringify(value) : value)),
    );
    return row!.id;
  }

  const saveTemplates = (body: string) =>
    clients.admin.from('site_content').upsert({
      type: 'replies',
      content: { templates: [{ title: 'Essai', subject: 'Bonjour [nom du client]', body }] },
    });

  it('stores templates with every known marker and refuses an unknown one, in French', async () => {
    const every = REPLY_MARKERS.map(markerText).join(' ');
    expect((await saveTemplates(`Bonjour,\n\n${every}`)).error).toBeNull();
    for (const body of ['Bonjour [prénom du client]', 'Votre [Véhicule] est prêt', 'Prix : [']) {
      const { error } = await saveTemplates(body);
      expect(error?.message, body).toMatch(/« Texte de l'e-mail » contient un marqueur inconnu/);
      expect(error?.message).toContain('[date du rendez-vous]');
    }
    // Neither a visitor nor a member reads the owner's templates.
    for (const actor of ['visitor', 'member'] as const) {
      const { data } = await clients[actor]
        .from('site_content')
        .select('type')
        .eq('type', 'replies');
      expect(data, actor).toEqual([]);
    }
  });

  it('sends a reply from a template to the customer, signed, and keeps it on the request', async () => {
    const id = await request({ appointment_date: '2026-12-01', appointment_moment: 'matin' });
    const setup = await readReplySetup(clients.admin);
    const template = setup.templates.find((t) => t.title === 'Votre rendez-vous est confirmé')!;
    const context = {
      request: {
        name: 'Camille Martin',
        vehicle_make: 'Peugeot',
        vehicle_model: '208',
        vehicle_year: 2017,
        service: 'Freins',
        appointment_date: '2026-12-01',
        appointment_moment: 'matin',
      },
      garage: setup.garage,
    };
    const subject = fillReply(template.subject, context);
    const body = fillReply(template.body, context);
    expect([...subject.missing, ...body.missing]).toEqual([]);

    expect(
      await sendReply(clients.admin, { requestId: id, subject: subject.text, body: body.text }),
    ).toBe('sent');
    const [mail] = await smtp.waitFor(1);
    const { identity } = DEFAULT_CONTENT;
    expect(mail!.to).toEqual(['camille@exemple.fr']);
    expect(mail!.subject).toBe(`Votre rendez-vous est confirmé – ${identity.name}`);
    expect(mail!.text).toContain('Bonjour Camille Martin,');
    expect(mail!.text).toContain(
      'Votre rendez-vous pour votre Peugeot 208 (2017) est confirmé : mardi 1 décembre 2026, le matin.',
    );
    expect(mail!.text).not.toContain('[');
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain(identity.name);
      expect(part).toContain(identity.phone);
    }

    // The request's page lists it with its text and its delivery state.
    await expect
      .poll(async () => {
        const { data } = await clients.admin
          .from('request_mails')
          .select('kind, status, subject, body')
          .eq('request_id', id);
        return data;
      })
      .toEqual([{ kind: 'reponse', status: 'envoye', subject: subject.text, body: body.text }]);
  });

  it('refuses a reply to visitors and members, and for a request without e-mail', async () => {
    const id = await request();
    const reply = { request_id: id, subject: 'Bonjour', body: 'Votre véhicule est prêt.' };
    const visitor = await clients.visitor.rpc('queue_reply', reply);
    expect(visitor.error?.code).toBe('42501');
    const member = await clients.member.rpc('queue_reply', reply);
    expect(member.error?.code).toBe('42501');
    expect(member.error?.message).toBe('Réponse refusée : réservé aux administrateurs.');
    // Nor can they write a mail themselves.
    for (const actor of ['visitor', 'member'] as const) {
      const { error } = await clients[actor]
        .from('request_mails')
        .insert({ request_id: id, kind: 'reponse', recipient: 'client', subject: 'x', body: 'y' });
      expect(error, actor).not.toBeNull();
    }

    const noEmail = await request({ email: null });
    const { error } = await clients.admin.rpc('queue_reply', { ...reply, request_id: noEmail });
    expect(error?.message).toMatch(/n'a pas d'adresse e-mail/);
    expect(await sql(server.db, 'select count(*)::int as n from public.request_mails')).toEqual([
      { n: 0 },
    ]);
  });

  it('refuses a marker left unfilled, an empty or oversized text, and too many replies', async () => {
    const id = await request();
    const queue = (subject: string, body: string) =>
      clients.admin.rpc('queue_reply', { request_id: id, subject, body });
    // Every marker the templates may hold (x-markers), in the subject or the text.
    for (const marker of REPLY_MARKERS) {
      expect((await queue('Rendez-vous', `Le ${markerText(marker)}.`)).error?.message).toBe(
        `Réponse refusée : le texte contient encore ${markerText(marker)}, remplacez-le avant d'envoyer.`,
      );
      expect((await queue(markerText(marker), 'Bonjour')).error?.message).toMatch(
        /contient encore/,
      );
    }
    expect((await queue(' ', 'Bonjour')).error?.message).toMatch(/l'objet doit contenir/);
    expect((await queue('Devis', 'x'.repeat(10001))).error?.message).toMatch(
      /le texte doit contenir entre 1 et 10 000 caractères/,
    );

    // 30 per administrator and hour: the 31st is refused, nothing else is queued.
    for (let i = 0; i < 30; i += 1) expect((await queue('Devis', `Réponse ${i}`)).error).toBeNull();
    const refused = await queue('Devis', 'Une de trop');
    expect(refused.error?.message).toMatch(/30 réponses au plus par heure/);
    expect(
      await sql(
        server.db,
        "select count(*)::int as n from public.request_mails where kind = 'reponse'",
      ),
    ).toEqual([{ n: 30 }]);
  });

  it('keeps the reply and its text when the mail server refuses it', async () => {
    const id = await request();
    smtp.refuse(true);
    await sendReply(clients.admin, {
      requestId: id,
      subject: 'Votre devis',
      body: 'Voici le devis.',
    });
    await expect
      .poll(async () => {
        const { data } = await clients.admin
          .from('request_mails')
          .select('status, attempts, body')
          .eq('request_id', id)
          .single();
        return data;
      })
      .toMatchObject({ status: 'en_attente', attempts: 1, body: 'Voici le devis.' });
    const [row] = await sql<{ last_error: string | null }>(
      server.db,
      'select last_error from public.request_mails where request_id = $1',
      [id],
    );
    expect(row!.last_error).not.toBeNull();
  });
});
