import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What global-setup hands to the tests: the server's URL and an administrator's credentials. */
export interface ServerInfo {
  baseURL: string;
  admin: { email: string; password: string };
  /** A signed-in user without the admin role (docs/decisions/002-secrets.md). */
  member: { email: string; password: string };
}

/**
 * One file per test run (the runner sets BROWSER_SERVER_INFO once, in playwright.config.ts, and
 * its workers inherit it), so two runs in one checkout never read each other's server.
 */
export const SERVER_INFO_FILE = path.resolve(
  process.env.BROWSER_SERVER_INFO ?? '.tmp/browser-server.json',
);

export function readServerInfo(): ServerInfo {
  return JSON.parse(readFileSync(SERVER_INFO_FILE, 'utf8')) as ServerInfo;
}
