import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { AppointmentsContent } from '../../src/content/generated/types.ts';
import { addDays } from '../../src/lib/hours/holidays.ts';
import { dayKeyOf } from '../../src/lib/hours/schedule.ts';
import type { ServerConfig } from '../../server/config.ts';
import { clientsFor, sql, type Clients } from '../helpers/fixtures.ts';
import { openDayFromNow } from '../helpers/open-days.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { signedStart, visitorRequest } from '../helpers/request-start.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// Appointments by half-day (docs/decisions/075-capacity-in-half-days.md): what visitors may read of
// the half-days' load (counts only), and submit_request refusing a half-day that is full or on which
// the owner takes no appointment. On embedded PGlite and on PostgreSQL.

const backends: [string, (overrides?: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', (overrides) => startTestServer(overrides)],
  ['PostgreSQL', (overrides) => startPostgresTestServer(overrides)],
];

const longDay = (date: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

describe.each(backends)('half-days and their capacity (%s)', (_name, start) => {
  let server: TestServer;
  let clients: Clients;
  let started = '';

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
    await setAppointments(DEFAULT_CONTENT.appointments);
  });

  const setAppointments = (content: AppointmentsContent) =>
    sql(
      server.db,
      `insert into public.site_content (type, content) values ('appointments', $1::jsonb)
       on conflict (type) do update set content = excluded.content`,
      [JSON.stringify(content)],
    );

  /** Appointments the owner set: `count` requests with that status on that half-day. */
  const book = (date: string, moment: string, status: string, count = 1) =>
    sql(
      server.db,
      `insert into public.requests (name, phone, vehicle_make, vehicle_model, vehicle_year,
         service, consent, status, appointment_date, appointment_moment)
       select 'Client ' || n, '06 00 00 00 0' || n, 'Renault', 'Clio', 2015, 'Vidange', true,
              $3, $1::date, $2 from generate_series(1, $4::integer) n`,
      [date, moment, status, count],
    );

  const askFor = (date: string, moment: string) =>
    clients.visitor.rpc('submit_request', {
      payload: visitorRequest(started, {
        email: undefined,
        service: 'Autre',
        preferred_dates: [{ date, moment }],
      }),
    });

  it('tells visitors how many appointments take each half-day, and nothing else', async () => {
    const day = openDayFromNow(3);
    await book(day, 'matin', 'rdv_confirme', 2);
    await book(day, 'matin', 'vehicule_recu');
    // Not taking a place: a request not confirmed, cancelled, finished, or no-show.
    for (const status of ['nouvelle', 'a_rappeler', 'annulee', 'terminee', 'non_venu'])
      await book(day, 'apres-midi', status);
    await book(addDays(day, 10), 'apres-midi', 'rdv_confirme');

    const { data, error } = await clients.visitor.rpc('half_day_load', {
      from_day: day,
      to_day: addDays(day, 5),
    });
    expect(error).toBeNull();
    expect(data).toEqual([{ day, moment: 'matin', booked: 3 }]);

    // At most 62 days at once, whatever is asked.
    await book(addDays(day, 100), 'matin', 'rdv_confirme');
    const wide = await clients.visitor.rpc('half_day_load', {
      from_day: day,
      to_day: addDays(day, 400),
    });
    expect(wide.data).toEqual([
      { day, moment: 'matin', booked: 3 },
      { day: addDays(day, 10), moment: 'apres-midi', booked: 1 },
    ]);

    // The requests themselves stay out of visitors' reach.
    expect((await clients.visitor.from('requests').select('*')).error?.code).toBe('42501');
    expect((await clients.member.from('requests').select('*')).data).toEqual([]);
  });

  it('refuses a full half-day in French, and takes it again once a place is freed', async () => {
    const day = openDayFromNow(3);
    const key = dayKeyOf(day);
    await setAppointments({
      ...DEFAULT_CONTENT.appointments,
      capacity: { ...DEFAULT_CONTENT.appointments.capacity, [key]: { matin: 2, 'apres-midi': 3 } },
    });
    await book(day, 'matin', 'rdv_confirme');
    await book(day, 'matin', 'nouvelle');
    // One confirmed of two: room left.
    expect((await askFor(day, 'matin')).error).toBeNull();

    await book(day, 'matin', 'vehicule_recu');
    const { data, error } = await askFor(day, 'matin');
    expect(data).toBeNull();
    expect(error?.message).toBe(
      `Demande refusée : « Dates souhaitées » : Le ${longDay(day)} matin est complet : choisissez une autre demi-journée.`,
    );
    expect((await askFor(day, 'apres-midi')).error).toBeNull();
    // The whole day still has its afternoon.
    expect((await askFor(day, 'journee')).error).toBeNull();

    await book(day, 'apres-midi', 'rdv_confirme', 3);
    expect((await askFor(day, 'journee')).error?.message).toBe(
      `Demande refusée : « Dates souhaitées » : Le ${longDay(day)} est complet : choisissez un autre jour.`,
    );

    await sql(
      server.db,
      `update public.requests set status = 'annulee'
        where id = (select id from public.requests where status = 'vehicule_recu' limit 1)`,
    );
    expect((await askFor(day, 'matin')).error).toBeNull();
  });

  it('refuses a half-day on which the owner takes no appointment', async () => {
    const day = openDayFromNow(3);
    await setAppointments({
      ...DEFAULT_CONTENT.appointments,
      capacity: {
        ...DEFAULT_CONTENT.appointments.capacity,
        [dayKeyOf(day)]: { matin: 0, 'apres-midi': 2 },
      },
    });
    const before = await sql(server.db, 'select count(*)::int as n from public.requests');
    expect((await askFor(day, 'matin')).error?.message).toBe(
      `Demande refusée : « Dates souhaitées » : Le garage ne prend pas de rendez-vous le ${longDay(day)} matin : choisissez une autre demi-journée.`,
    );
    expect(await sql(server.db, 'select count(*)::int as n from public.requests')).toEqual(before);
    expect((await askFor(day, 'apres-midi')).error).toBeNull();
  });

  it('uses the schema’s capacities for a site without appointments content', async () => {
    const [row] = await sql<{ content: string }>(
      server.db,
      'select private.appointments_default()::text as content',
    );
    expect(JSON.parse(row!.content)).toEqual(DEFAULT_CONTENT.appointments);
    await sql(server.db, "delete from public.site_content where type = 'appointments'");
    const day = openDayFromNow(3);
    await book(
      day,
      'matin',
      'rdv_confirme',
      DEFAULT_CONTENT.appointments.capacity[dayKeyOf(day)].matin,
    );
    expect((await askFor(day, 'matin')).error?.message).toMatch(/matin est complet/);
    expect((await askFor(day, 'apres-midi')).error).toBeNull();
  });
});
