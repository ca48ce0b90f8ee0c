import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startOpenAiStandIn } from '../helpers/openai-stand-in.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { SERVER_INFO_FILE, type ServerInfo } from './server-info.ts';

declare global {
  var __garageBrowserServer: TestServer | undefined;
}

function strongPassword(): string {
  return `${randomBytes(18).toString('base64url')}-Aa1!`;
}

/**
 * Starts the real server over a fresh database, serving dist/, with one administrator. Its
 * OPENAI_BASE_URL is a local stand-in for the OpenAI API (tests/helpers/openai-stand-in.ts; the
 * key sent chooses its answer, see keyFor), closed by the returned teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const distDir = path.resolve('dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('dist/ est absent : lancez « npx vite build » avant les tests navigateur.');
  }

  const openai = await startOpenAiStandIn();
  // Backups asked of the server (admin-backup.spec.ts) go to a folder of this run's own.
  const backupDir = path.resolve(`.tmp/browser-backups-${process.pid}`);
  // publishIntervalMs: a scheduled post whose time has come is published within a second
  // (docs/decisions/011-scheduled-posts.md; admin-blog.spec.ts waits for it).
  const server = await startTestServer({
    distDir,
    openaiBaseUrl: openai.url,
    publishIntervalMs: 1000,
    backupDir,
  });
  globalThis.__garageBrowserServer = server;

  const suffix = randomBytes(4).toString('hex');
  const info: ServerInfo = {
    baseURL: server.url,
    admin: { email: `admin-${suffix}@garage.test`, password: strongPassword() },
    member: { email: `membre-${suffix}@garage.test`, password: strongPassword() },
  };
  await server.createUser(info.admin.email, info.admin.password, true);
  await server.createUser(info.member.email, info.member.password, false);

  await mkdir(path.dirname(SERVER_INFO_FILE), { recursive: true });
  // serviceKey: the fixtures' serviceDb arranges what only the service role may write (visits).
  await writeFile(SERVER_INFO_FILE, JSON.stringify({ ...info, serviceKey: server.serviceKey }), {
    mode: 0o600,
  });
  // Playwright runs a function returned by global setup as one more teardown.
  return async () => {
    await openai.close();
    await rm(backupDir, { recursive: true, force: true });
  };
}
