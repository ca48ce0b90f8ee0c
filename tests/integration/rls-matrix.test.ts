import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { clientsFor, resetData, type Clients } from '../helpers/fixtures.ts';
import { rlsCases, snapshot } from '../helpers/rls-cases.ts';

// Each table × {visitor, admin, signed-in non-admin} × {select, insert, update, delete}, and the
// remote procedures, through the real supabase-js client against the real server, on embedded
// PGlite and on a PostgreSQL server.
describe.each([
  ['on PGlite', () => startTestServer()],
  ['on PostgreSQL (TEST_DATABASE_URL)', startPostgresTestServer],
])('RLS matrix %s', (_name, start) => {
  let server: TestServer;
  let clients: Clients;

  beforeAll(async () => {
    server = await start();
    clients = await clientsFor(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const cases = rlsCases();

  it('covers at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const ids = await resetData(server.db);
    await c.arrange?.(server.db);
    const before = await snapshot(clients.service);

    const response = await c.run(clients[c.actor], ids);

    expect({ status: response.status, code: response.error?.code ?? null }).toEqual({
      status: c.status,
      code: c.error?.code ?? null,
    });
    if (c.error) {
      expect(response.error?.message).toMatch(c.error.message);
    } else {
      expect(response.data).toEqual(c.data);
    }

    const expected = structuredClone(before);
    c.effect?.(expected);
    expect(await snapshot(clients.service)).toEqual(expected);
  });
});
