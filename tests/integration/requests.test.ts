import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import requestSchema from '../../schemas/forms/request.schema.json' with { type: 'json' };
import { createMailer } from '../../server/mail/mailer.ts';
import { createOutbox } from '../../server/mail/outbox.ts';
import { purgeExpiredRequests } from '../../server/server.ts';
import type { ServerConfig } from '../../server/config.ts';
import { clientsFor, sql, type Clients } from '../helpers/fixtures.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { listRequests, readRequest } from '../../src/admin/requests/requests-api.ts';
import { requestFrom } from '../helpers/from-address.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedStart, visitorRequest } from '../helpers/request-start.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { openDayFromNow } from '../helpers/open-days.ts';
import type { HoursContent } from '../../src/content/generated/types.ts';
import { addDays, holidayOn } from '../../src/lib/hours/holidays.ts';
import { parisToday } from '../../src/lib/hours/paris-day.ts';
import { dayKeyOf } from '../../src/lib/hours/schedule.ts';

// Quote and appointment requests through supabase-js, as the site's form sends them: visitors add
// them through submit_request only, checked field by field in French, with the anti-spam rules;
// administrators alone read, handle and delete them; their mails go out in the background, retried,
// and requests past their retention are deleted. On embedded PGlite and on PostgreSQL.

const backends: [string, (overrides?: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', (overrides) => startTestServer(overrides)],
  ['PostgreSQL', (overrides) => startPostgresTestServer(overrides)],
];

const SERVICE = DEFAULT_CONTENT.services.servicesList[0]!;

/** A day to come, as the form's date field gives it (yyyy-mm-dd). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The start of the form, signed by the database of the suite running (each suite's beforeAll
 * sets it): a visitor who took their time.
 */
let started = '';

/** What a visitor who took their time sends. */
function validPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return visitorRequest(started, {
    plate: 'AB-123-CD',
    service: SERVICE,
    preferred_dates: [
      { date: openDayFromNow(3), moment: 'matin' },
      { date: openDayFromNow(3, 1), moment: 'apres-midi' },
    ],
    message: 'Bruit au freinage depuis une semaine.',
    ...overrides,
  });
}

const TITLES = Object.fromEntries(
  Object.entries(requestSchema.properties).map(([key, node]) => [key, node.title]),
);

describe.each(backends)('quote and appointment requests (%s)', (_name, start) => {
  let server: TestServer;
  let clients: Clients;

  beforeAll(async () => {
    server = await start();
    started = await signedStart(server.db);
    clients = await clientsFor(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await sql(server.db, 'delete from public.requests');
  });

  const submit = (payload: Record<string, unknown>, actor: keyof Clients = 'visitor') =>
    clients[actor].rpc('submit_request', { payload });

  it('stores what a visitor sends, and only that, for the administrator to read', async () => {
    const { data: id, error } = await submit(
      validPayload({ name: '  Camille Martin ', plate: '' }),
    );
    expect(error).toBeNull();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const { data, error: readError } = await clients.admin.from('requests').select('*');
    expect(readError).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        id,
        name: 'Camille Martin',
        phone: '06 12 34 56 78',
        email: 'camille@exemple.fr',
        vehicle_make: 'Peugeot',
        vehicle_model: '208',
        vehicle_year: 2017,
        plate: null,
        service: SERVICE,
        message: 'Bruit au freinage depuis une semaine.',
        consent: true,
        status: 'nouvelle',
        note: null,
      }),
    ]);
    // Nothing about the visitor beyond what they typed: no address, no browser, no honeypot; the
    // only thing not typed is where they came from, as a category (none here).
    const stored = Object.keys(data![0]!);
    const typed = Object.keys(requestSchema.properties);
    const cameFrom = ['source', 'source_campaign'];
    const appointment = Object.keys(data![0]!).filter(
      (key) => key.startsWith('appointment_') || /^(confirmed|reminded|cancelled)_at$/.test(key),
    );
    expect(data![0]).toMatchObject({ source: null, source_campaign: null });
    const row = data![0] as Record<string, unknown>;
    for (const key of appointment) expect(row[key], key).toBeNull();
    const handling = ['id', 'created_at', 'updated_at', 'status', 'note', ...appointment];
    expect(stored.sort()).toEqual([...typed, ...cameFrom, ...handling].sort());
    // Its mails are queued: the owner's notification and the visitor's acknowledgement.
    const { data: mails } = await clients.admin
      .from('request_mails')
      .select('kind, status')
      .order('kind');
    expect(mails).toEqual([
      { kind: 'accuse_reception', status: 'en_attente' },
      { kind: 'proprietaire', status: 'en_attente' },
    ]);
  });

  it('takes a phone number or an email, and needs one of them', async () => {
    expect((await submit(validPayload({ email: null }))).error).toBeNull();
    expect(
      (await submit(validPayload({ phone: '', email: 'sans-telephone@exemple.fr' }))).error,
    ).toBeNull();
    const { error } = await submit(validPayload({ phone: ' ', email: null }));
    expect(error?.message).toBe(
      'Demande refusée : Indiquez un numéro de téléphone ou une adresse e-mail pour que le garage puisse vous répondre.',
    );
    // Without an email, no acknowledgement is queued.
    const { data: mails } = await clients.admin.from('request_mails').select('kind');
    expect(mails!.filter((m) => m.kind === 'accuse_reception')).toHaveLength(1);
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['a missing name', { name: '' }, new RegExp(`« ${TITLES.name} » est obligatoire`)],
    ['a name too long', { name: 'x'.repeat(101) }, /« Nom » doit contenir au plus 100 caractères/],
    [
      'a phone number with letters',
      { phone: '06 12 AB 56 78' },
      /« Téléphone » doit être un numéro/,
    ],
    ['an invalid email', { email: 'camille@exemple' }, /« E-mail » doit être une adresse e-mail/],
    ['no make', { vehicle_make: ' ' }, /« Marque du véhicule » est obligatoire/],
    ['no model', { vehicle_model: null }, /« Modèle du véhicule » doit être un texte/],
    ['a year that is not one', { vehicle_year: 1850 }, /« Année du véhicule » doit être supérieur/],
    [
      'a year in words',
      { vehicle_year: 'deux mille' },
      /« Année du véhicule » doit être un nombre/,
    ],
    ['an invalid plate', { plate: 'AB/123' }, /« Immatriculation » doit contenir des lettres/],
    ['no need', { service: '' }, /« Besoin » est obligatoire/],
    [
      'a need the garage does not offer',
      { service: 'Peinture de fusée' },
      /« Besoin » : choisissez une des prestations proposées, ou « Autre »/,
    ],
    [
      'four preferred dates',
      {
        preferred_dates: [1, 2, 3, 4].map((d) => ({ date: dayFromNow(d), moment: 'matin' })),
      },
      /« Dates souhaitées » doit contenir au plus 3 éléments/,
    ],
    [
      'a date that is not one',
      { preferred_dates: [{ date: '2026-13-01', moment: 'matin' }] },
      /« Dates souhaitées » n°1 : « Jour » doit être une date valide/,
    ],
    [
      'a day that does not exist',
      { preferred_dates: [{ date: '2027-02-31', moment: 'matin' }] },
      /« Dates souhaitées » : le 2027-02-31 n'existe pas/,
    ],
    [
      'a past date',
      { preferred_dates: [{ date: dayFromNow(-2), moment: 'matin' }] },
      /« Dates souhaitées » : choisissez des jours à venir/,
    ],
    [
      'an unknown half-day',
      { preferred_dates: [{ date: dayFromNow(2), moment: 'soir' }] },
      /« Moment » doit valoir/,
    ],
    ['a message too long', { message: 'x'.repeat(2001) }, /« Message » doit contenir au plus 2000/],
    [
      'a control character in the name',
      { name: 'Camille\u0007' },
      /^[^«]*« Nom » contient un caractère invisible/,
    ],
    [
      'a line break in the name',
      { name: 'Camille\nMartin' },
      /« Nom » contient un caractère invisible/,
    ],
    [
      'an escape in the make',
      { vehicle_make: 'Peu\u001b[31mgeot' },
      /« Marque du véhicule » contient un caractère invisible/,
    ],
    [
      'a C1 control in the model',
      { vehicle_model: '20\u00858' },
      /« Modèle du véhicule » contient un caractère invisible/,
    ],
    [
      'a direction override in the message',
      { message: 'Bonjour \u202egnirts' },
      /« Message » contient un caractère invisible/,
    ],
    [
      'a direction isolate in the email',
      { email: 'camille\u2066@exemple.fr' },
      /« E-mail » contient un caractère invisible/,
    ],
    ['no consent', { consent: false }, /Cochez la case pour accepter/],
    ['an unknown field', { browser: 'Firefox' }, /champ inconnu « browser »/],
  ];
  it.each(invalid)(
    'refuses %s, saying why in French, and stores nothing',
    async (_what, change, message) => {
      const { data, error } = await submit(validPayload(change));
      expect(data).toBeNull();
      expect(error?.message).toMatch(/^Demande refusée : /);
      expect(error?.message).toMatch(message);
      expect(await sql(server.db, 'select id from public.requests')).toEqual([]);
    },
  );

  describe('a preferred date when the garage is closed', () => {
    const today = parisToday(Date.now());
    /** The first day from `from` on that `accept` takes. */
    const firstDay = (from: number, accept: (date: string) => boolean) => {
      let date = addDays(today, from);
      while (!accept(date)) date = addDays(date, 1);
      return date;
    };
    const longDay = (date: string) =>
      new Intl.DateTimeFormat('fr-FR', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${date}T12:00:00Z`));
    const setHours = (hours: HoursContent) =>
      sql(server.db, `update public.site_content set content = $1::jsonb where type = 'hours'`, [
        JSON.stringify(hours),
      ]);
    const askFor = (date: string, moment = 'journee') =>
      submit(validPayload({ preferred_dates: [{ date, moment }] }));
    const refusal = async (date: string, moment?: string) => {
      const { data, error } = await askFor(date, moment);
      expect(data).toBeNull();
      return error?.message;
    };
    afterAll(() => setHours(DEFAULT_CONTENT.hours));

    it('refuses a day of the week it is closed, naming the day', async () => {
      await setHours(DEFAULT_CONTENT.hours);
      const sunday = firstDay(2, (date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 0);
      expect(await refusal(sunday)).toBe(
        `Demande refusée : « Dates souhaitées » : Le garage est fermé le ${longDay(sunday)} : choisissez un autre jour.`,
      );
      expect(await sql(server.db, 'select id from public.requests')).toEqual([]);
    });

    it('refuses a public holiday, naming it, unless the owner opened it', async () => {
      await setHours(DEFAULT_CONTENT.hours);
      // Not a Sunday: by default no appointment is taken then (075-capacity-in-half-days.md).
      const holiday = firstDay(
        2,
        (date) => holidayOn(date) !== null && dayKeyOf(date) !== 'dimanche',
      );
      expect(await refusal(holiday)).toBe(
        `Demande refusée : « Dates souhaitées » : Le garage est fermé le ${longDay(holiday)} (${holidayOn(holiday)!.name}) : choisissez un autre jour.`,
      );
      await setHours({
        ...DEFAULT_CONTENT.hours,
        closures: [],
        openings: [{ date: holiday, ranges: [{ opens: '09:00', closes: '12:00' }] }],
      });
      expect((await askFor(holiday, 'matin')).error).toBeNull();
      expect(await refusal(holiday, 'apres-midi')).toBe(
        `Demande refusée : « Dates souhaitées » : Le garage est fermé le ${longDay(holiday)} l'après-midi : choisissez un autre jour ou un autre moment.`,
      );
    });

    it('refuses a day inside a closure, with its reason, and takes the day after', async () => {
      const open = openDayFromNow(3);
      const after = openDayFromNow(3, 1);
      await setHours({
        ...DEFAULT_CONTENT.hours,
        closures: [{ from: addDays(open, -1), to: open, label: 'Congés' }],
        openings: [],
      });
      expect(await refusal(open)).toBe(
        `Demande refusée : « Dates souhaitées » : Le garage est fermé le ${longDay(open)} (Congés) : choisissez un autre jour.`,
      );
      expect((await askFor(after)).error).toBeNull();
    });

    it('refuses a half-day it is closed, and takes the other', async () => {
      const saturday = firstDay(2, (date) => dayKeyOf(date) === 'samedi' && !holidayOn(date));
      await setHours({
        ...DEFAULT_CONTENT.hours,
        week: { ...DEFAULT_CONTENT.hours.week, samedi: [{ opens: '09:00', closes: '12:00' }] },
      });
      expect(await refusal(saturday, 'apres-midi')).toBe(
        `Demande refusée : « Dates souhaitées » : Le garage est fermé le ${longDay(saturday)} l'après-midi : choisissez un autre jour ou un autre moment.`,
      );
      expect((await askFor(saturday, 'matin')).error).toBeNull();
      expect((await askFor(saturday, 'journee')).error).toBeNull();
    });
  });

  it('keeps the line breaks and tabs of a message', async () => {
    const message = 'Bonjour,\r\n\tbruit au freinage.\nMerci';
    const { error } = await submit(validPayload({ message }));
    expect(error).toBeNull();
    expect(await sql(server.db, 'select message from public.requests')).toEqual([{ message }]);
  });

  it('accepts « Autre », the owner\u2019s own service names, and no preferred date', async () => {
    const { error } = await submit(validPayload({ service: 'Autre', preferred_dates: [] }));
    expect(error).toBeNull();
  });

  it('answers a robot filling the hidden field as a stored request, and keeps nothing', async () => {
    const real = await submit(validPayload());
    await sql(server.db, 'delete from public.requests');
    const robot = await submit(validPayload({ website: 'https://spam.example' }));
    expect(robot.error).toBeNull();
    // The same shape as a stored request's answer: a robot learns nothing.
    expect(robot.status).toBe(real.status);
    expect(typeof robot.data).toBe('string');
    expect(robot.data).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(robot.data).not.toBe(real.data);
    expect(await sql(server.db, 'select id from public.requests')).toEqual([]);
  });

  it('refuses a form sent faster than a person can fill it, saying what to do', async () => {
    const { data: now } = await clients.visitor.rpc('request_form_start');
    expect(now).toMatch(/^\d+\.[0-9a-f]{64}$/);
    const { error } = await submit(validPayload({ started_at: now }));
    expect(error?.message).toBe(
      'Demande refusée : le formulaire a été envoyé trop vite. Attendez quelques secondes, puis envoyez-le à nouveau.',
    );
    expect(await sql(server.db, 'select id from public.requests')).toEqual([]);
  });

  it('refuses a start the database did not sign: made older, made up, or missing', async () => {
    const { data: now } = await clients.visitor.rpc('request_form_start');
    const [ms, signature] = (now as string).split('.');
    const older = `${Number(ms) - 60_000}.${signature}`;
    const madeUp = `${Date.now() - 60_000}.${'0'.repeat(64)}`;
    for (const started_at of [older, madeUp, Date.now() - 60_000, undefined, 'hier']) {
      const { error } = await submit(validPayload({ started_at }));
      expect(error?.message).toBe(
        'Demande refusée : le formulaire a expiré. Attendez quelques secondes, puis envoyez-le à nouveau.',
      );
    }
    expect(await sql(server.db, 'select id from public.requests')).toEqual([]);
  });

  it('lets no visitor nor signed-in non-administrator read, change or delete requests', async () => {
    const { data: id } = await submit(validPayload());
    const visitor = await clients.visitor.from('requests').select('*');
    expect(visitor.error?.code).toBe('42501');
    expect((await clients.visitor.from('request_mails').select('*')).error?.code).toBe('42501');
    expect((await clients.member.from('requests').select('*')).data).toEqual([]);
    expect((await clients.member.from('request_mails').select('*')).data).toEqual([]);

    await clients.member.from('requests').update({ status: 'terminee' }).eq('id', id);
    await clients.member.from('requests').delete().eq('id', id);
    await clients.visitor.from('requests').update({ status: 'terminee' }).eq('id', id);
    await clients.visitor.from('requests').delete().eq('id', id);
    const inserted = await clients.visitor
      .from('requests')
      .insert({ ...validPayload(), website: undefined, started_at: undefined });
    expect(inserted.error?.code).toBe('42501');
    expect(await sql(server.db, 'select id, status from public.requests')).toEqual([
      { id, status: 'nouvelle' },
    ]);
  });

  it('lets the administrator list newest first, change the status, note, and delete', async () => {
    const first = (await submit(validPayload({ name: 'Premier' }))).data as string;
    await sql(
      server.db,
      "update public.requests set created_at = now() - interval '1 hour' where id = $1",
      [first],
    );
    const second = (await submit(validPayload({ name: 'Second' }))).data as string;
    const list = await clients.admin
      .from('requests')
      .select('id, name')
      .order('created_at', { ascending: false });
    expect(list.data).toEqual([
      { id: second, name: 'Second' },
      { id: first, name: 'Premier' },
    ]);

    const updated = await clients.admin
      .from('requests')
      .update({ status: 'a_rappeler', note: 'Rappeler jeudi.' })
      .eq('id', first)
      .select('status, note');
    expect(updated.data).toEqual([{ status: 'a_rappeler', note: 'Rappeler jeudi.' }]);
    const news = await clients.admin
      .from('requests')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'nouvelle');
    expect(news.count).toBe(1);

    expect(
      (await clients.admin.from('requests').update({ status: 'perdue' }).eq('id', first)).error
        ?.code,
    ).toBe('23514');
    // What the visitor typed is theirs: the administrator cannot rewrite it.
    expect(
      (await clients.admin.from('requests').update({ name: 'Autre nom' }).eq('id', first)).error
        ?.code,
    ).toBe('42501');

    await clients.admin.from('requests').delete().eq('id', second);
    expect((await clients.admin.from('requests').select('id')).data).toEqual([{ id: first }]);
    // Its mails went with it.
    expect(
      await sql(server.db, 'select 1 from public.request_mails where request_id = $1', [second]),
    ).toEqual([]);
  });

  it('deletes the requests older than the retention, and only those', async () => {
    const old = (await submit(validPayload({ name: 'Ancien' }))).data as string;
    const recent = (await submit(validPayload({ name: 'Récent' }))).data as string;
    await sql(
      server.db,
      "update public.requests set created_at = now() - interval '24 months 1 day' where id = $1",
      [old],
    );
    expect(await purgeExpiredRequests(server.db, 24)).toBe(1);
    expect(await sql(server.db, 'select id from public.requests')).toEqual([{ id: recent }]);
    expect(await purgeExpiredRequests(server.db, 24)).toBe(0);
    // Nobody but the server may purge.
    expect(
      (await clients.visitor.rpc('purge_expired_requests', { retention_months: 1 })).error?.code,
    ).toBe('42501');
  });
});

/** The fields of the plain HTML form, as a browser without JavaScript posts them. */
function formBody(overrides: Record<string, string | undefined> = {}): URLSearchParams {
  const fields: Record<string, string | undefined> = {
    name: 'Dominique Leroy',
    phone: '',
    email: 'dominique@exemple.fr',
    vehicle_make: 'Renault',
    vehicle_model: 'Clio',
    vehicle_year: '2012',
    plate: '',
    service: SERVICE,
    date_1: openDayFromNow(5),
    moment_1: 'apres-midi',
    date_2: '',
    moment_2: 'journee',
    date_3: '',
    moment_3: 'journee',
    message: 'Révision avant les vacances.',
    consent: 'on',
    website: '',
    started_at: started,
    ...overrides,
  };
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) body.append(key, value);
  return body;
}

// Without a built site (no server renderer), the answers are small pages of their own; with one, the
// form's page itself (request-form-page.test.ts).
describe.each(backends)('the request form without JavaScript (%s)', (_name, start) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start();
    started = await signedStart(server.db);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await sql(server.db, 'delete from public.requests');
  });

  const post = (body: URLSearchParams) =>
    fetch(`${server.url}/rendez-vous`, { method: 'POST', body, redirect: 'manual' });

  it('stores the request and answers with a confirmation page', async () => {
    const response = await post(formBody());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain('<h1>Demande envoyée</h1>');
    expect(page).toContain('Votre demande a bien été envoyée');
    expect(
      await sql(
        server.db,
        'select name, phone, email, vehicle_year, plate, preferred_dates::text, consent from public.requests',
      ),
    ).toEqual([
      {
        name: 'Dominique Leroy',
        phone: null,
        email: 'dominique@exemple.fr',
        vehicle_year: 2012,
        plate: null,
        preferred_dates: `[{"date": "${openDayFromNow(5)}", "moment": "apres-midi"}]`,
        consent: true,
      },
    ]);
  });

  it.each<[string, Record<string, string | undefined>, RegExp]>([
    ['the consent box unticked', { consent: undefined }, /Cochez la case pour accepter/],
    ['no year', { vehicle_year: '' }, /« Année du véhicule » est obligatoire/],
    ['a year in words', { vehicle_year: 'vieille' }, /« Année du véhicule » doit être un nombre/],
    ['no phone nor email', { email: ' ' }, /Indiquez un numéro de téléphone ou une adresse e-mail/],
    ['a form sent at once', { started_at: 'now' }, /envoyé trop vite/],
  ])('answers %s with the reason, in French, and stores nothing', async (_what, change, reason) => {
    const now = change.started_at === 'now' ? { started_at: await signedStart(server.db, 0) } : {};
    const response = await post(formBody({ ...change, ...now }));
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('<h1>Demande non envoyée</h1>');
    expect(page).toMatch(reason);
    expect(page).toContain('bouton « Retour »');
    expect(await sql(server.db, 'select id from public.requests')).toEqual([]);
  });

  it('answers a robot filling the hidden field with the confirmation, and keeps nothing', async () => {
    const response = await post(formBody({ website: 'http://spam.example' }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Demande envoyée');
    expect(await sql(server.db, 'select id from public.requests')).toEqual([]);
  });
});

describe.each(backends)('request limit per address (%s)', (_name, start) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start({ requestRateLimit: 2 });
    started = await signedStart(server.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a third request within the hour, in French, saying when to try again', async () => {
    const client = server.anonClient();
    const submit = () => client.rpc('submit_request', { payload: validPayload() });
    expect((await submit()).error).toBeNull();
    // A visitor correcting the form does not use up their requests.
    for (let i = 0; i < 3; i++) {
      const { error } = await client.rpc('submit_request', { payload: validPayload({ name: '' }) });
      expect(error?.message).toMatch(/« Nom » est obligatoire/);
    }
    expect((await submit()).error).toBeNull();
    const refused = await submit();
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toMatch(
      /^Vous avez déjà envoyé plusieurs demandes depuis cette connexion\. Réessayez dans \d+ minutes, ou appelez directement le garage\.$/,
    );
    expect(await sql(server.db, 'select id from public.requests')).toHaveLength(2);

    // The form without JavaScript shares the same limit.
    const page = await fetch(`${server.url}/rendez-vous`, { method: 'POST', body: formBody() });
    expect(page.status).toBe(429);
    expect(await page.text()).toMatch(/Vous avez déjà envoyé plusieurs demandes/);
  });
});

describe.each(backends)('request mails (%s)', (_name, start) => {
  let smtp: TestSmtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await start({
      smtpUrl: smtp.url,
      notifyEmail: 'patron@garage.test',
      siteUrl: 'https://garage.test',
    });
    started = await signedStart(server.db);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('tells the owner of a new request, with a link to it, and acknowledges it to the visitor', async () => {
    const client = server.anonClient();
    const { data: id, error } = await client.rpc('submit_request', { payload: validPayload() });
    expect(error).toBeNull();
    const mails = await smtp.waitFor(2);
    const owner = mails.find((m) => m.to.includes('patron@garage.test'))!;
    const visitor = mails.find((m) => m.to.includes('camille@exemple.fr'))!;

    expect(owner.subject).toBe(`Nouvelle demande : ${SERVICE} – Camille Martin`);
    expect(owner.replyTo).toBe('camille@exemple.fr');
    for (const part of [owner.text, owner.html]) {
      expect(part).toContain('06 12 34 56 78');
      expect(part).toContain('Peugeot 208 (2017)');
      expect(part).toContain('AB-123-CD');
      expect(part).toContain('Bruit au freinage depuis une semaine.');
      expect(part).toContain(`https://garage.test/admin/demandes/${id}`);
    }
    expect(owner.text).toMatch(/Dates souhaitées : \w+ \d+ \w+ \d{4}, le matin ; /);

    // The acknowledgement: the garage's own words, name and contact, and the reference.
    const reference = (id as string).replace(/-/g, '').slice(0, 8).toUpperCase();
    const { identity, contact } = DEFAULT_CONTENT;
    expect(visitor.subject).toBe(`Votre demande a bien été reçue – ${identity.name}`);
    expect(visitor.replyTo).toBe('patron@garage.test');
    for (const part of [visitor.text, visitor.html]) {
      expect(part).toContain(`${identity.name} a bien reçu votre demande`);
      expect(part).toContain(`(référence ${reference})`);
      expect(part).toContain(contact.phone);
      expect(part).toContain(contact.email);
    }
    for (const part of [owner.text, owner.html]) expect(part).toContain(reference);

    await expect
      .poll(async () => sql(server.db, 'select status from public.request_mails'))
      .toEqual([{ status: 'envoye' }, { status: 'envoye' }]);
  });

  it('acknowledges nothing the visitor typed: no name, no message, no link', async () => {
    smtp.received.length = 0;
    const client = server.anonClient();
    const { error } = await client.rpc('submit_request', {
      payload: validPayload({
        name: 'Gagnez un iPhone sur https://spam.example',
        email: 'victime@exemple.fr',
        vehicle_make: 'www.spam.example',
        message: 'Cliquez ici : <a href="https://spam.example/x">https://spam.example/x</a>',
      }),
    });
    expect(error).toBeNull();
    const mails = await smtp.waitFor(2);
    const visitor = mails.find((m) => m.to.includes('victime@exemple.fr'))!;
    for (const part of [visitor.subject, visitor.text, visitor.html]) {
      expect(part).not.toMatch(/spam|iPhone|Cliquez|https?:|<a /i);
    }
  });

  it('acknowledges one address once a day, however many requests name it', async () => {
    smtp.received.length = 0;
    await sql(server.db, 'delete from public.requests');
    // Four requests naming the same address (spelt differently), from four client addresses.
    const emails = [
      'cible@exemple.fr',
      'Cible@Exemple.fr',
      ' cible@exemple.fr',
      'CIBLE@exemple.fr',
    ];
    for (const [n, email] of emails.entries()) {
      const answer = await requestFrom(
        `127.0.0.${20 + n}`,
        `${server.url}/rest/v1/rpc/submit_request`,
        {
          method: 'POST',
          headers: {
            apikey: server.anonKey,
            authorization: `Bearer ${server.anonKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ payload: validPayload({ email }) }),
        },
      );
      expect(answer.status).toBe(200);
    }
    // Every request reaches the owner; the address one acknowledgement.
    await smtp.waitFor(5);
    await expect
      .poll(async () =>
        sql(
          server.db,
          "select count(*)::int as n from public.request_mails where status = 'en_attente'",
        ),
      )
      .toEqual([{ n: 0 }]);
    const toTarget = smtp.received.filter((m) => m.to.some((to) => /cible@exemple\.fr/i.test(to)));
    expect(toTarget).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes('patron@garage.test'))).toHaveLength(4);
    // The database remembers the day's recipients by a keyed hash only, never the address.
    const kept = await sql<{ recipient: string }>(
      server.db,
      'select recipient from private.acknowledged_recipients',
    );
    expect(kept.length).toBeGreaterThan(0);
    for (const { recipient } of kept) expect(recipient).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never shows control characters an older request may hold, in the mails or the inbox', async () => {
    smtp.received.length = 0;
    await sql(server.db, 'delete from public.requests');
    // A request stored before the fields refused them (the check's trigger is skipped here).
    const [{ id } = { id: '' }] = await server.db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.requests (name, phone, vehicle_make, vehicle_model, vehicle_year,
                                      service, message, consent)
         values ($1, '06 12 34 56 78', 'Peugeot', '208', 2017, $2, $3, true) returning id`,
        ['Camille\u202e nitraM', SERVICE, 'Ligne 1\nLigne\u0007 2\u2066'],
      );
      await tx.query(
        "insert into public.request_mails (request_id, kind) values ($1, 'proprietaire')",
        [rows[0]!.id],
      );
      return rows;
    });
    // A new request sets the mails going.
    await server.anonClient().rpc('submit_request', { payload: validPayload({ email: null }) });
    const mails = await smtp.waitFor(2);
    const old = mails.find((m) => m.subject.includes('Camille '))!;
    // eslint-disable-next-line no-control-regex -- the characters the mails must not carry
    const invisible = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    for (const part of [old.subject, old.text, old.html]) expect(part).not.toMatch(invisible);
    expect(old.text).toContain('Ligne 1\nLigne 2');

    const clients = await clientsFor(server);
    const detail = await readRequest(clients.admin, id);
    expect(detail?.name).toBe('Camille  nitraM');
    expect(detail?.message).toBe('Ligne 1\nLigne 2');
    const { rows } = await listRequests(clients.admin, 'toutes', 1);
    for (const row of rows) expect(JSON.stringify(row)).not.toMatch(invisible);
  });

  it('refuses a post of the form made by another site, in French, and sends nothing', async () => {
    smtp.received.length = 0;
    await sql(server.db, 'delete from public.requests');
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/rendez-vous`, {
        method: 'POST',
        body: formBody({ email: 'voisin@exemple.fr' }),
        headers,
        redirect: 'manual',
      });
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', origin: 'https://attaque.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://sous.garage.test' },
      { origin: 'https://attaque.example' },
      { origin: 'null' },
    ] as Record<string, string>[]) {
      const refused = await post(headers);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('elle ne venait pas du site du garage');
    }
    expect(await sql(server.db, 'select id from public.requests')).toEqual([]);
    // The garage's own page posts, as browsers say it (or as a client that says nothing).
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: server.url })).status).toBe(200);
    expect((await post({ origin: server.url })).status).toBe(200);
    await smtp.waitFor(3);
    expect(smtp.received.filter((m) => m.to.includes('voisin@exemple.fr'))).toHaveLength(1);
  });
});

describe.each(backends)('the hourly number of mails (%s)', (_name, start) => {
  let smtp: TestSmtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await start({
      smtpUrl: smtp.url,
      notifyEmail: 'patron@garage.test',
      siteUrl: 'https://garage.test',
      mailHourlyLimit: 3,
    });
    started = await signedStart(server.db);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('sends no more than MAIL_HOURLY_LIMIT an hour; the others wait, never given up', async () => {
    const client = server.anonClient();
    for (const email of ['un@exemple.fr', 'deux@exemple.fr', 'trois@exemple.fr']) {
      const { error } = await client.rpc('submit_request', { payload: validPayload({ email }) });
      expect(error).toBeNull();
    }
    await smtp.waitFor(3);
    await expect
      .poll(async () =>
        sql(
          server.db,
          `select count(*) filter (where status = 'envoye')::int as sent,
                  count(*) filter (where last_error is not null)::int as postponed
             from public.request_mails`,
        ),
      )
      .toEqual([{ sent: 3, postponed: 3 }]);
    const waiting = await sql<{ status: string; last_error: string; later: boolean }>(
      server.db,
      `select status, last_error, next_attempt_at > now() + interval '10 minutes' as later
         from public.request_mails where status <> 'envoye'`,
    );
    expect(waiting).toHaveLength(3);
    for (const mail of waiting) {
      expect(mail).toEqual({
        status: 'en_attente',
        last_error: expect.stringMatching(/MAIL_HOURLY_LIMIT/),
        later: true,
      });
    }
    expect(smtp.received).toHaveLength(3);
  });
});

describe.each(backends)('request mails when the mail server fails (%s)', (_name, start) => {
  let smtp: TestSmtp;
  let server: TestServer;
  let clients: Clients;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // No SMTP for the server itself: the outbox below is driven by the test, attempt by attempt.
    server = await start();
    started = await signedStart(server.db);
    clients = await clientsFor(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('accepts the request, retries, shows the failure, then sends once the server is back', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: undefined });
    const outbox = createOutbox({
      db: server.db,
      mailer,
      notifyEmail: 'patron@garage.test',
      siteUrl: 'https://garage.test',
      retryDelaysSeconds: [0, 0],
      intervalMs: 0,
    });
    try {
      smtp.refuse(true);
      const { error } = await clients.visitor.rpc('submit_request', {
        payload: validPayload({ email: null }),
      });
      expect(error).toBeNull();

      expect(await outbox.runOnce()).toBe(1);
      const failed = await clients.admin
        .from('request_mails')
        .select('status, attempts, last_error');
      expect(failed.data).toEqual([
        { status: 'en_attente', attempts: 1, last_error: expect.stringMatching(/indisponible/) },
      ]);

      smtp.refuse(false);
      expect(await outbox.runOnce()).toBe(1);
      await smtp.waitFor(1);
      expect((await clients.admin.from('request_mails').select('status, last_error')).data).toEqual(
        [{ status: 'envoye', last_error: null }],
      );

      // A mail server down for longer: given up after the retries, and shown as such.
      smtp.refuse(true);
      await clients.visitor.rpc('submit_request', { payload: validPayload({ email: null }) });
      for (let i = 0; i < 3; i++) await outbox.runOnce();
      expect(await outbox.runOnce()).toBe(0);
      const given = await clients.admin
        .from('request_mails')
        .select('status, attempts, last_error')
        .order('id', { ascending: false })
        .limit(1);
      expect(given.data).toEqual([
        { status: 'echec', attempts: 3, last_error: expect.stringMatching(/indisponible/) },
      ]);
    } finally {
      smtp.refuse(false);
      await outbox.stop();
      mailer.close();
    }
  });
});
