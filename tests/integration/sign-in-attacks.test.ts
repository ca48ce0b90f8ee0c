import { afterEach, describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import type { ServerConfig } from '../../server/config.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { requestFrom, signInFrom } from '../helpers/from-address.ts';
import { hasherLoad, MAX_RUNNING, MAX_WAITING } from '../../server/auth/password-hasher.ts';

// Password guessing as an attacker tries it against sign-in: many guesses at once, guesses
// meant to lock the owner out, guesses spread over many addresses, and a burst meant to stall
// the whole site while bcrypt runs.

const OWNER = { email: 'patron@garage.test', password: 'le-bon-mot-de-passe-1' };
const wrong = (n: number) => ({ email: OWNER.email, password: `mauvais-mot-de-passe-${n}` });

const backends: [string, (overrides?: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', startTestServer],
  ['PostgreSQL', () => startPostgresTestServer()],
];

describe.each(backends)('sign-in under attack (%s)', (_name, start) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('counts 100 guesses sent at once from one address: 5 are checked, the rest get 429', async () => {
    server = await start();
    await server.createUser(OWNER.email, OWNER.password, true);
    const attempts = Array.from({ length: 100 }, (_, i) => (i === 50 ? OWNER : wrong(i)));
    const answers = await Promise.all(attempts.map((a) => signInFrom('127.0.0.1', server!, a)));
    const statuses = answers.map((a) => a.status);
    const checked = statuses.filter((s) => s === 400 || s === 200);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - checked.length);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'over_request_rate_limit' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The right password, 51st in line, was not checked: no session came of it.
    expect(statuses[50]).toBe(429);
  });

  it('five wrong passwords from one address do not stop the right one from another', async () => {
    server = await start();
    await server.createUser(OWNER.email, OWNER.password, true);
    for (let i = 0; i < 5; i++) {
      expect((await signInFrom('127.0.0.1', server, wrong(i))).status).toBe(400);
    }
    expect((await signInFrom('127.0.0.1', server, OWNER)).status).toBe(429);
    const owner = await signInFrom('127.0.0.2', server, OWNER);
    expect(owner.status).toBe(200);
    expect(JSON.parse(owner.text)).toHaveProperty('access_token');
  });
});

describe('sign-in under attack, spread over many addresses', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('slows guesses for the email but never refuses the right password', async () => {
    server = await startTestServer();
    await server.createUser(OWNER.email, OWNER.password, true);
    // 60 wrong guesses from 20 addresses, 3 each: no address reaches its own limit.
    const guesses = Array.from({ length: 60 }, (_, i) => ({
      from: `127.0.1.${(i % 20) + 1}`,
      attempt: wrong(i),
    }));
    for (const batch of [guesses.slice(0, 30), guesses.slice(30)]) {
      const answers = await Promise.all(batch.map((g) => signInFrom(g.from, server!, g.attempt)));
      expect(answers.map((a) => a.status)).toEqual(batch.map(() => 400));
    }
    // The owner, from yet another address, still gets in.
    const owner = await signInFrom('127.0.2.1', server, OWNER);
    expect(owner.status).toBe(200);
  });
});

describe('sign-in and the rest of the site', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('keeps answering other requests while 100 sign-ins wait for bcrypt, and bounds the wait', async () => {
    // Limits high enough that every attempt reaches the password check.
    server = await startTestServer({ signInMaxFailures: 1000, signInMaxFailuresPerAddress: 1000 });
    await server.createUser(OWNER.email, OWNER.password, true);
    let checked = 0;
    const peak = { running: 0, waiting: 0 };
    const sampling = setInterval(() => {
      const load = hasherLoad();
      peak.running = Math.max(peak.running, load.running);
      peak.waiting = Math.max(peak.waiting, load.waiting);
    }, 1);
    const signIns = Array.from({ length: 100 }, (_, i) =>
      signInFrom('127.0.0.1', server!, wrong(i)).then((answer) => {
        if (answer.status === 400) checked += 1;
        return answer;
      }),
    );
    // A visitor's request sent after the burst is answered before most of it is done: bcrypt
    // does not hold the event loop.
    const health = await requestFrom('127.0.0.2', `${server.url}/auth/v1/health`);
    expect(health.status).toBe(200);
    expect(checked).toBeLessThan(50);

    const answers = await Promise.all(signIns);
    clearInterval(sampling);
    // Hashes run one core short of the machine's, a bounded number wait: the rest is refused at
    // once, not queued without end.
    expect(MAX_RUNNING).toBeLessThan(Math.max(2, availableParallelism()));
    expect(peak.running).toBeLessThanOrEqual(MAX_RUNNING);
    expect(peak.waiting).toBeLessThanOrEqual(MAX_WAITING);
    const busy = answers.filter((a) => a.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length + checked).toBe(100);
    expect(JSON.parse(busy[0]!.text)).toMatchObject({ code: 'over_request_rate_limit' });
  });
});
