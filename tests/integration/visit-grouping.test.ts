import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer } from '../../server/server.ts';
import { createVisitRecorder, FLOOD_BATCH, FLOOD_PACE_MS } from '../../server/visit-recorder.ts';
import { testConfig, withClients, type TestServer } from '../helpers/server.ts';
import { countingPglite, type CountingDatabase } from './counting-database.ts';
import { sql } from '../helpers/fixtures.ts';

// A flood of visits must not cost one database write each: the visits arriving together go into
// one insert, and every one of them is stored.

describe('recordVisit under a flood', () => {
  let server: TestServer;
  let db: CountingDatabase;
  beforeAll(async () => {
    db = await countingPglite();
    server = withClients(await startServer(await testConfig(), db));
  });
  afterAll(() => server?.close());

  const visits = async () =>
    (await sql<{ n: number }>(server.db, 'select count(*)::int as n from public.visits'))[0]?.n;

  it('writes visits that arrive together in one insert, and tells each caller it is stored', async () => {
    await sql(server.db, 'delete from public.visits');
    const record = createVisitRecorder(db);
    const before = db.transactions;
    await Promise.all(Array.from({ length: 300 }, () => record('home')));
    expect(db.transactions - before).toBe(1);
    expect(await visits()).toBe(300);
  });

  it('after a flood-sized group, holds the next write (and its answers) for the pace', async () => {
    await sql(server.db, 'delete from public.visits');
    const record = createVisitRecorder(db);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const flood = Promise.all(Array.from({ length: FLOOD_BATCH }, () => record('home')));
      await vi.advanceTimersByTimeAsync(10);
      await flood;
      const afterFlood = db.transactions;

      let answered = false;
      const next = record('home').then(() => (answered = true));
      await vi.advanceTimersByTimeAsync(FLOOD_PACE_MS - 1);
      expect(answered).toBe(false);
      expect(db.transactions).toBe(afterFlood);
      await vi.advanceTimersByTimeAsync(1);
      await next;
      expect(db.transactions).toBe(afterFlood + 1);

      // A visit alone after that is written after the short gathering wait, not the pace.
      await vi.advanceTimersByTimeAsync(FLOOD_PACE_MS);
      const before = db.transactions;
      const lone = record('home');
      await vi.advanceTimersByTimeAsync(10);
      await lone;
      expect(db.transactions).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
    expect(await visits()).toBe(FLOOD_BATCH + 2);
  });

  it('stores every one of 300 visits sent at once through the function', async () => {
    await sql(server.db, 'delete from public.visits');
    const answers = await Promise.all(
      Array.from({ length: 300 }, () =>
        fetch(`${server.url}/functions/v1/recordVisit`, {
          method: 'POST',
          headers: {
            apikey: server.anonKey,
            authorization: `Bearer ${server.anonKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ page: 'home' }),
        }).then(async (res) => ({ status: res.status, body: await res.json() })),
      ),
    );
    expect(answers.every((a) => a.status === 200 && a.body.success === true)).toBe(true);
    expect(await visits()).toBe(300);
  });
});
