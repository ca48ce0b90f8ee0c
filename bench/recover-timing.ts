/**
 * `npm run bench:recover`: how long `POST /auth/v1/recover` takes to answer for an address that has
 * an account and for one that has none, asked in turn, one request at a time, on PGlite, each once
 * the previous one's work is over. The two
 * figures should be alike: the account is looked up, its link made and mailed after the answer
 * (docs/decisions/043-recovery-answer-before-lookup.md). Prints the figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { makeApiKey } from '../server/jwt.ts';
import { freePort } from '../tests/helpers/free-port.ts';
import { startTestSmtp } from '../tests/helpers/smtp.ts';
import { printTable } from './load.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 200);
const KNOWN = 'patron@garage.test';
const UNKNOWN = 'personne@garage.test';
const ROOT = path.resolve(import.meta.dirname, '..');

const smtp = await startTestSmtp();
const dataDir = await mkdtemp(path.join(tmpdir(), 'garage-bench-recover-'));
const jwtSecret = randomBytes(32).toString('hex');
const port = await freePort();
// The server in its own process, as `npm start` runs it: the timing client must not share its
// event loop, or the work done after an answer would delay the client's reading of it.
const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
  cwd: ROOT,
  env: {
    ...process.env,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    SMTP_URL: smtp.url,
    PUBLISH_INTERVAL_MS: '0',
    API_RATE_LIMIT: '0',
    AUTH_RECOVERY_RATE_LIMIT: '0',
    AUTH_RECOVERY_PER_EMAIL_LIMIT: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
const anonKey = await makeApiKey('anon', jwtSecret);
for (let i = 0; ; i++) {
  if (child.exitCode !== null) throw new Error('The server stopped.');
  const up = await fetch(`${url}/auth/v1/health`).then(
    (res) => res.ok,
    () => false,
  );
  if (up) break;
  if (i > 600) throw new Error('The server did not start.');
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const created = await fetch(`${url}/auth/v1/admin/users`, {
  method: 'POST',
  headers: {
    authorization: `Bearer ${await makeApiKey('service_role', jwtSecret)}`,
    'content-type': 'application/json',
  },
  body: JSON.stringify({
    email: KNOWN,
    password: randomBytes(16).toString('hex'),
    email_confirm: true,
  }),
});
if (!created.ok) throw new Error(`User not created: ${created.status}`);

async function ask(email: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/auth/v1/recover`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`/recover answered ${res.status}`);
  return performance.now() - started;
}

/**
 * One request, timed; then, untimed, until the work it left behind is over (for an address with
 * an account, its mail received), so that it does not slow the next request down: an observer
 * comparing answer times sees this answer alone.
 */
let mails = 0;
async function timed(email: string): Promise<number> {
  const time = await ask(email);
  if (email === KNOWN) mails += 1;
  await smtp.waitFor(mails);
  return time;
}

const times: Record<string, number[]> = { [KNOWN]: [], [UNKNOWN]: [] };
try {
  // A few unmeasured rounds first (JIT, connections), then both addresses in turn.
  for (let i = 0; i < 10; i++) for (const email of [KNOWN, UNKNOWN]) await timed(email);
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? [KNOWN, UNKNOWN] : [UNKNOWN, KNOWN];
    for (const email of order) times[email]!.push(await timed(email));
  }
} finally {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const ms = (value: number) => value.toFixed(2);
printTable(
  `POST /auth/v1/recover, ${ROUNDS} requests per address, one at a time (milliseconds)`,
  ['Address', 'mean', 'p50', 'p90', 'p99'],
  [
    ['with an account', times[KNOWN]!],
    ['without an account', times[UNKNOWN]!],
  ].map(([label, values]) => {
    const v = values as number[];
    return [
      label as string,
      ms(mean(v)),
      ms(quantile(v, 0.5)),
      ms(quantile(v, 0.9)),
      ms(quantile(v, 0.99)),
    ];
  }),
);
