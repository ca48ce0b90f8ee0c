import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config.ts';
import { readAgendaWeek } from '../../src/admin/agenda/agenda-api.ts';
import { mondayOf } from '../../src/admin/agenda/agenda-model.ts';
import { readMonthFigures } from '../../src/admin/home/month-figures-api.ts';
import { addDays } from '../../src/lib/hours/holidays.ts';
import { clientsFor, sql, type Clients } from '../helpers/fixtures.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// The week's agenda and the owner's figures of the month, read through supabase-js as the
// back-office reads them (docs/decisions/078-agenda-figures-sources.md): the confirmed
// appointments of one week only, and counts made by the database. For the administrator only.
// On embedded PGlite and on PostgreSQL.

const backends: [string, (overrides?: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', (overrides) => startTestServer(overrides)],
  ['PostgreSQL', (overrides) => startPostgresTestServer(overrides)],
];

describe.each(backends)('the agenda and the month figures (%s)', (_name, start) => {
  let server: TestServer;
  let clients: Clients;
  let today = '';

  beforeAll(async () => {
    server = await start();
    clients = await clientsFor(server);
    const [row] = await sql<{ today: string }>(
      server.db,
      `select to_char((now() at time zone 'Europe/Paris')::date, 'YYYY-MM-DD') as today`,
    );
    today = row!.today;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await sql(server.db, 'delete from public.requests');
  });

  /** A request, with its appointment (in the morning) when `date` is given; `extra` sets more
   *  columns to SQL expressions (fixed in the test, never a visitor's text). */
  const add = (
    name: string,
    status: string,
    date: string | null,
    extra: Record<string, string> = {},
  ) => {
    const columns = Object.keys(extra)
      .map((column) => `, ${column}`)
      .join('');
    const values = Object.values(extra)
      .map((value) => `, ${value}`)
      .join('');
    return sql(
      server.db,
      `insert into public.requests (name, phone, vehicle_make, vehicle_model, vehicle_year, service,
         consent, status, appointment_date, appointment_moment${columns})
       values ($1, '06 12 34 56 78', 'Renault', 'Clio', 2012, 'Vidange', true, $2, $3::date,
         case when $3::date is null then null else 'matin' end${values})`,
      [name, status, date],
    );
  };

  it('reads the confirmed appointments of one week, not the others', async () => {
    const monday = mondayOf(today);
    await add('Confirmé', 'rdv_confirme', addDays(monday, 1));
    await add('Reçu', 'vehicule_recu', addDays(monday, 2));
    await add('Terminé', 'terminee', monday);
    await add('Non venu', 'non_venu', addDays(monday, 6));
    await add('Annulé', 'annulee', addDays(monday, 1));
    await add('Nouveau', 'nouvelle', addDays(monday, 1));
    await add('Semaine suivante', 'rdv_confirme', addDays(monday, 7));
    await add('Semaine passée', 'rdv_confirme', addDays(monday, -1));

    const week = await readAgendaWeek(clients.admin, monday);
    expect(week.complete).toBe(true);
    expect(week.rows.map((row) => row.name).sort()).toEqual([
      'Confirmé',
      'Non venu',
      'Reçu',
      'Terminé',
    ]);
    expect(week.rows.find((row) => row.name === 'Confirmé')).toMatchObject({
      appointment_date: addDays(monday, 1),
      appointment_moment: 'matin',
      phone: '06 12 34 56 78',
    });
    // A visitor may not read requests at all; another signed-in user sees none of them.
    await expect(readAgendaWeek(clients.visitor, monday)).rejects.toMatchObject({ code: '42501' });
    expect((await readAgendaWeek(clients.member, monday)).rows).toEqual([]);
  });

  it('counts this month’s requests, confirmations and no-shows in the database', async () => {
    const longAgo = addDays(today, -40);
    await add('Reçue', 'nouvelle', null);
    const old = "now() - interval '40 days'";
    await add('Confirmée', 'rdv_confirme', today, { confirmed_at: 'now()' });
    await add('Absent', 'non_venu', today, { confirmed_at: 'now()' });
    await add('Ancien absent', 'non_venu', longAgo, { created_at: old, confirmed_at: old });
    await add('Ancienne', 'terminee', longAgo, { created_at: old, confirmed_at: old });

    expect(await readMonthFigures(clients.admin, today)).toEqual({
      received: 3,
      confirmed: 2,
      noShows: 1,
    });
    await expect(readMonthFigures(clients.visitor, today)).rejects.toBeTruthy();
    expect(await readMonthFigures(clients.member, today)).toEqual({
      received: 0,
      confirmed: 0,
      noShows: 0,
    });
  });
});
