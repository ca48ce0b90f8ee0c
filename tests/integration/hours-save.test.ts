import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { HoursContent } from '../../src/content/generated/types.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'un-mot-de-passe-solide';

// The owner saves the opening hours from the back-office, as an administrator: the hours' own
// check (supabase/migrations/*_hours.sql) runs as its owner, accepts good hours and refuses bad
// ones in French, on PGlite and on a PostgreSQL server.
describe.each([
  ['PGlite', startTestServer],
  ['PostgreSQL', startPostgresTestServer],
] as const)('an administrator saves the hours on %s', (_name, start) => {
  let server: TestServer;
  let admin: SupabaseClient;

  beforeAll(async () => {
    server = await start();
    await server.createUser('owner@garage.fr', PASSWORD, true);
    admin = await server.signedInClient('owner@garage.fr', PASSWORD);
  });
  afterAll(() => server?.close());

  const stored = async () =>
    (await admin.from('site_content').select('content').eq('type', 'hours').single()).data
      ?.content as HoursContent | undefined;

  it('stores a Saturday morning and the summer holidays', async () => {
    const hours: HoursContent = {
      ...DEFAULT_CONTENT.hours,
      week: { ...DEFAULT_CONTENT.hours.week, samedi: [{ opens: '08:30', closes: '12:00' }] },
      closures: [{ from: '2027-08-02', to: '2027-08-20', label: 'Congés d’été' }],
    };
    const { error } = await admin
      .from('site_content')
      .update({ content: hours })
      .eq('type', 'hours');
    expect(error).toBeNull();
    expect(await stored()).toEqual(hours);
  });

  it('still refuses a closure that ends before it starts, in French', async () => {
    const before = await stored();
    const { error, status } = await admin
      .from('site_content')
      .update({
        content: {
          ...DEFAULT_CONTENT.hours,
          closures: [{ from: '2027-08-20', to: '2027-08-02' }],
        },
      })
      .eq('type', 'hours');
    expect(status).toBe(400);
    expect(error?.message).toBe(
      'Contenu « hours » refusé : Fermeture n°1 : le dernier jour (« Au ») doit être le premier jour ou après.',
    );
    expect(await stored()).toEqual(before);
  });
});
