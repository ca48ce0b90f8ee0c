import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { ServerConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { seedDefaultContent } from '../../server/seed.ts';
import { queueReminders } from '../../server/server.ts';
import { clientsFor, sql, type Clients } from '../helpers/fixtures.ts';
import { createTestDatabase, startPostgresTestServer } from '../helpers/postgres-db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// The reminder the day before an appointment (docs/decisions/077-reminders.md), with a fixed
// clock: at the owner's hour (Paris time), once, never after the appointment started, only for
// confirmed appointments with an e-mail; read back from the local SMTP server. On embedded PGlite
// and on PostgreSQL, plus two database clients racing on PostgreSQL as two processes would.

const backends: [string, (overrides?: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', (overrides) => startTestServer(overrides)],
  ['PostgreSQL', (overrides) => startPostgresTestServer(overrides)],
];

const OWNER = 'patron@garage.test';

interface Appointment {
  email?: string | null;
  status?: string;
  date?: string;
  moment?: 'matin' | 'apres-midi';
  time?: string | null;
  note?: string | null;
  confirmedAt?: string | null;
}

/** A request with its appointment, as the owner's confirmation leaves it; resolves with its id. */
async function appointment(db: Database, a: Appointment = {}): Promise<string> {
  const [row] = await sql<{ id: string }>(
    db,
    `insert into public.requests (name, phone, email, vehicle_make, vehicle_model, vehicle_year,
                                  service, consent, status, appointment_date, appointment_moment,
                                  appointment_time, appointment_note, confirmed_at)
     values ('Camille Martin', '06 12 34 56 78', $1, 'Peugeot', '208', 2017, 'Vidange', true,
             $2, $3, $4, $5, $6, $7)
     returning id`,
    [
      a.email === undefined ? 'camille@exemple.fr' : a.email,
      a.status ?? 'rdv_confirme',
      a.date ?? '2030-03-15',
      a.moment ?? 'matin',
      a.time === undefined ? '09:30' : a.time,
      a.note ?? null,
      a.confirmedAt === undefined ? '2030-03-10T10:00:00Z' : a.confirmedAt,
    ],
  );
  return row!.id;
}

function setReminderTime(db: Database, time: string) {
  return sql(
    db,
    `update public.site_content set content = jsonb_set(content, '{reminderTime}', to_jsonb($1::text))
      where type = 'appointments'`,
    [time],
  );
}

describe.each(backends)('the reminder the day before (%s)', (_name, start) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let clients: Clients;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // The server's own timer runs too, on the real clock: the appointments below are in 2030,
    // never due now, except the one the last test arranges for tomorrow.
    server = await start({
      smtpUrl: smtp.url,
      notifyEmail: OWNER,
      siteUrl: 'https://garage.test',
      reminderIntervalMs: 200,
    });
    clients = await clientsFor(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await sql(server.db, 'delete from public.requests');
    await setReminderTime(server.db, '18:00');
    smtp.received.length = 0;
  });

  const at = (iso: string) => queueReminders(server.db, new Date(iso));

  /** Asks the queue to send what is due (the request-mails function, as the service role). */
  async function sendDue() {
    const answer = await clients.service.functions.invoke('request-mails', {
      method: 'POST',
      body: {},
    });
    expect(answer.error).toBeNull();
  }

  it('reminds the customer once, at the reminder hour the day before, with what they need', async () => {
    const id = await appointment(server.db, { note: 'Prévoyez deux heures.' });
    // 17:59:59 in Paris (winter time): not yet.
    expect(await at('2030-03-14T16:59:59Z')).toBe(0);
    expect(await at('2030-03-14T17:00:00Z')).toBe(1);
    expect(await at('2030-03-14T17:05:00Z')).toBe(0);
    await sendDue();
    const [mail] = await smtp.waitFor(1);
    const { identity } = DEFAULT_CONTENT;
    expect(mail!.to).toEqual(['camille@exemple.fr']);
    expect(mail!.replyTo).toBe(OWNER);
    expect(mail!.subject).toBe(
      `Rappel : votre rendez-vous du vendredi 15 mars 2030 chez ${identity.name}`,
    );
    for (const line of [
      'Bonjour Camille Martin,',
      `Nous vous rappelons votre rendez-vous chez ${identity.name} le vendredi 15 mars 2030, le matin, à 9h30.`,
      'Véhicule : Peugeot 208',
      `Adresse : ${identity.street}, ${identity.postalCode} ${identity.city}`,
      `Téléphone : ${identity.phone}`,
      'Note du garage : Prévoyez deux heures.',
      `Un empêchement ? Prévenez-nous au ${identity.phone}.`,
      'À demain !',
    ])
      expect(mail!.text).toContain(line);

    // The owner sees who was reminded, and that the mail left.
    await expect
      .poll(async () => {
        const { data } = await clients.admin
          .from('request_inbox')
          .select('reminded_at, reminder_status')
          .eq('id', id)
          .single();
        return data as { reminded_at: string; reminder_status: string };
      })
      .toEqual({ reminded_at: expect.any(String), reminder_status: 'envoye' });
    const [row] = await sql<{ reminded: string }>(
      server.db,
      "select to_char(reminded_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as reminded from public.requests",
    );
    expect(row!.reminded).toBe('2030-03-14 17:00:00');
    expect(await at('2030-03-14T20:00:00Z')).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('follows the hour the owner chose', async () => {
    await setReminderTime(server.db, '17:30');
    await appointment(server.db, { time: null, moment: 'apres-midi' });
    expect(await at('2030-03-14T16:29:00Z')).toBe(0);
    expect(await at('2030-03-14T16:30:00Z')).toBe(1);
    await sendDue();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.text).toContain("le vendredi 15 mars 2030, l'après-midi.");
  });

  it('catches up after a stop while the appointment is to come, never once it started', async () => {
    // 9:29 in Paris, the appointment at 9:30: still reminded, the same day.
    await appointment(server.db);
    expect(await at('2030-03-15T08:29:00Z')).toBe(1);
    await sendDue();
    expect((await smtp.waitFor(1))[0]!.text).toContain("À tout à l'heure !");

    await sql(server.db, 'delete from public.requests');
    await appointment(server.db);
    expect(await at('2030-03-15T08:31:00Z')).toBe(0);

    // Without a time, the afternoon starts at noon and the morning at midnight.
    await sql(server.db, 'delete from public.requests');
    await appointment(server.db, { moment: 'apres-midi', time: null });
    expect(await at('2030-03-15T11:00:00Z')).toBe(0);
    expect(await at('2030-03-15T10:59:00Z')).toBe(1);
    await sql(server.db, 'delete from public.requests');
    await appointment(server.db, { time: null });
    expect(await at('2030-03-14T23:00:00Z')).toBe(0);
    // Nor for a day already past.
    expect(await at('2030-03-16T17:00:00Z')).toBe(0);
  });

  it('leaves out cancelled or unconfirmed appointments, and customers without an e-mail', async () => {
    for (const status of ['annulee', 'a_rappeler', 'nouvelle', 'non_venu', 'vehicule_recu'])
      await appointment(server.db, { status });
    await appointment(server.db, { email: null });
    // Confirmed after the reminder hour: the confirmation just sent says the same.
    await appointment(server.db, { confirmedAt: '2030-03-14T17:30:00Z' });
    expect(await at('2030-03-14T18:00:00Z')).toBe(0);
    const [row] = await sql<{ n: number }>(
      server.db,
      "select count(*)::int as n from public.request_mails where kind = 'rappel'",
    );
    expect(row!.n).toBe(0);
  });

  it('is queued by the server only', async () => {
    for (const actor of ['visitor', 'member', 'admin'] as const) {
      const { error } = await clients[actor].rpc('queue_reminders', {
        clock: '2030-03-14T17:00:00Z',
      });
      expect(error, actor).not.toBeNull();
    }
    const { data, error } = await clients.service.rpc('queue_reminders', {
      clock: '2030-03-14T17:00:00Z',
    });
    expect(error).toBeNull();
    expect(data).toBe(0);
  });

  it('is sent by the server itself when the hour has come', async () => {
    await setReminderTime(server.db, '00:00');
    await sql(
      server.db,
      `insert into public.requests (name, email, vehicle_make, vehicle_model, vehicle_year, service,
                                    consent, status, appointment_date, appointment_moment,
                                    appointment_time)
       values ('Camille Martin', 'camille@exemple.fr', 'Peugeot', '208', 2017, 'Vidange', true,
               'rdv_confirme', (now() at time zone 'Europe/Paris')::date + 1, 'apres-midi', '23:00')`,
    );
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toMatch(/^Rappel : votre rendez-vous du /);
  });
});

describe('two processes racing on one PostgreSQL', () => {
  it('queue one reminder per appointment', async () => {
    const testDb = await createTestDatabase();
    const first = await openPostgres(testDb.url, 4);
    const second = await openPostgres(testDb.url, 4);
    try {
      await migrate(first);
      await seedDefaultContent(first);
      for (let i = 0; i < 30; i += 1) await appointment(first);
      const clock = new Date('2030-03-14T17:00:00Z');
      const counts = await Promise.all(
        [first, second, first, second, first, second].map((db) => queueReminders(db, clock)),
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
      const rows = await sql<{ n: number }>(
        first,
        `select count(m.id)::int as n from public.requests r
           left join public.request_mails m on m.request_id = r.id and m.kind = 'rappel'
          group by r.id`,
      );
      expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 30 }, () => 1));
    } finally {
      await first.close();
      await second.close();
      await testDb.drop();
    }
  });
});
