import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import { readServerInfo } from './server-info.ts';

/**
 * Signs the administrator in once for a whole spec file (the server limits repeated sign-ins) and
 * starts every test of that file signed in. Call it at the top level of the spec file. Returns the
 * REST API headers of that session: the page's anon key and the admin's token.
 */
export function useAdminSession(name: string): {
  /**
   * A signed-in page in a context of its own, in French (axe needs pages from
   * browser.newContext()); close it with `page.context().close()`.
   */
  newPage(browser: Browser): Promise<Page>;
  apiHeaders(anonKey: string): Record<string, string>;
} {
  const stateFile = path.resolve(`.tmp/${name}-admin-state.json`);

  test.beforeAll(async ({ browser }) => {
    const server = readServerInfo();
    // A blank context: the file-wide storageState below does not exist yet.
    const context = await browser.newContext({
      baseURL: server.baseURL,
      storageState: { cookies: [], origins: [] },
    });
    const page = await context.newPage();
    await signIn(page, server.admin.email, server.admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await context.storageState({ path: stateFile });
    await context.close();
  });

  // The file holds an admin session: it does not outlive the run.
  test.afterAll(() => rmSync(stateFile, { force: true }));

  test.use({ storageState: stateFile });

  return {
    async newPage(browser) {
      const context = await browser.newContext({
        baseURL: readServerInfo().baseURL,
        storageState: stateFile,
        locale: 'fr-FR',
      });
      return context.newPage();
    },
    apiHeaders(anonKey) {
      const state = JSON.parse(readFileSync(stateFile, 'utf8')) as {
        origins: { localStorage: { name: string; value: string }[] }[];
      };
      const entry = state.origins
        .flatMap((origin) => origin.localStorage)
        .find((item) => /^sb-.*-auth-token$/.test(item.name));
      const token = (JSON.parse(entry!.value) as { access_token: string }).access_token;
      return { apikey: anonKey, Authorization: `Bearer ${token}` };
    },
  };
}

/** A site_content row's content through the REST API, or undefined when there is none. */
export async function readContent<T>(
  request: APIRequestContext,
  headers: Record<string, string>,
  type: string,
): Promise<T | undefined> {
  const response = await request.get(`/rest/v1/site_content?type=eq.${type}&select=content`, {
    headers,
  });
  expect(response.ok()).toBe(true);
  const rows = (await response.json()) as { content: T }[];
  return rows[0]?.content;
}

/** Stores a site_content row (upsert), or deletes it when `content` is undefined. */
export async function writeContent(
  request: APIRequestContext,
  headers: Record<string, string>,
  type: string,
  content: unknown,
): Promise<void> {
  const response =
    content === undefined
      ? await request.delete(`/rest/v1/site_content?type=eq.${type}`, { headers })
      : await request.post('/rest/v1/site_content', {
          headers: { ...headers, Prefer: 'resolution=merge-duplicates' },
          data: { type, content },
        });
  expect(response.ok()).toBe(true);
}

/**
 * Each test of the spec file opens `path` with the `type` row stored as `start`, and what was
 * stored before is put back after it (other spec files share the server). `stored(request)` reads
 * the row as it is at that moment, `store(request, content)` replaces it. Call it at the top level,
 * after useAdminSession.
 */
export function startEachTestWith<T>(
  apiHeaders: (anonKey: string) => Record<string, string>,
  { type, start, path }: { type: string; start: T; path: string },
): {
  stored(request: APIRequestContext): Promise<T | undefined>;
  store(request: APIRequestContext, content: T): Promise<void>;
} {
  let headers: Record<string, string> = {};
  let original: T | undefined;

  test.beforeEach(async ({ page, request }) => {
    await page.goto(path);
    const json = await page.locator('#supabase-config').textContent();
    headers = apiHeaders((JSON.parse(json!) as { anonKey: string }).anonKey);
    original = await readContent<T>(request, headers, type);
    await writeContent(request, headers, type, start);
    await page.reload();
  });

  test.afterEach(async ({ request }) => {
    await writeContent(request, headers, type, original);
  });

  return {
    stored: (request) => readContent<T>(request, headers, type),
    store: (request, content) => writeContent(request, headers, type, content),
  };
}
