import { createInterface } from 'node:readline';
import type { ServerConfig } from '../../server/config.ts';
import { ADMIN, MEMBER, sql } from './fixtures.ts';
import { startTestServer } from './server.ts';

/**
 * The real server for component tests (tests/helpers/page-server.ts): those run in happy-dom,
 * whose fetch classes replace Node's, which the server needs, so the server runs here, in a
 * process of its own. It prints its address and keys as one JSON line, then runs the SQL
 * statements it reads, one JSON line each (what the server itself writes, out of the API's
 * reach), answering each on a line, and stops when its standard input closes.
 */
const overrides = JSON.parse(process.env.PAGE_SERVER_CONFIG ?? '{}') as Partial<ServerConfig>;
const server = await startTestServer(overrides);
await server.createUser(ADMIN.email, ADMIN.password, true);
await server.createUser(MEMBER.email, MEMBER.password, false);
process.stdout.write(
  `${JSON.stringify({ url: server.url, anonKey: server.anonKey, serviceKey: server.serviceKey })}\n`,
);

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const { id, text, params } = JSON.parse(line) as { id: number; text: string; params: unknown[] };
  sql(server.db, text, params).then(
    (rows) => process.stdout.write(`${JSON.stringify({ id, rows })}\n`),
    (error: unknown) => process.stdout.write(`${JSON.stringify({ id, error: String(error) })}\n`),
  );
});
lines.on('close', () => {
  void server.close().finally(() => process.exit(0));
});
