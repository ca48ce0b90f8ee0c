import { rm } from 'node:fs/promises';
import { SERVER_INFO_FILE } from './server-info.ts';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__garageBrowserServer?.close();
  globalThis.__garageBrowserServer = undefined;
  await rm(SERVER_INFO_FILE, { force: true });
}
