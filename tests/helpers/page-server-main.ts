import { ADMIN, MEMBER } from './fixtures.ts';
import type { ServerConfig } from '../../server/config.ts';
import { startTestServer } from './server.ts';

/**
 * The real server for component tests (tests/helpers/page-server.ts): those run in happy-dom,
 * whose fetch classes replace Node's, which the server needs, so the server runs here, in a
 * process of its own. It prints its address and keys as one JSON line and stops when its
 * standard input closes (the test process ended or asked it to).
 */
const overrides = JSON.parse(process.env.PAGE_SERVER_CONFIG ?? '{}') as Partial<ServerConfig>;
const server = await startTestServer(overrides);
await server.createUser(ADMIN.email, ADMIN.password, true);
await server.createUser(MEMBER.email, MEMBER.password, false);
process.stdout.write(
  `${JSON.stringify({ url: server.url, anonKey: server.anonKey, serviceKey: server.serviceKey })}\n`,
);
process.stdin.resume();
process.stdin.on('close', () => {
  void server.close().finally(() => process.exit(0));
});
