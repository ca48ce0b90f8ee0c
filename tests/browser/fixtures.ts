import { test as base, expect, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { readServerInfo, type ServerInfo } from './server-info.ts';

const info = readServerInfo();

interface Fixtures {
  server: ServerInfo;
  /** Console errors and uncaught page errors seen during the test, as text. */
  consoleErrors: string[];
  /** supabase-js signed in as the administrator: arranges content as the owner would. */
  adminDb: SupabaseClient;
  /** supabase-js with the service role (bypasses RLS): arranges what only the server writes. */
  serviceDb: SupabaseClient;
}

export const test = base.extend<Fixtures>({
  baseURL: info.baseURL,
  server: [info, { option: true }],
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  adminDb: async ({ request, server }, use) => {
    // The anon key is the one the server injects into every page.
    const html = await (await request.get('/')).text();
    const config = /<script type="application\/json" id="supabase-config">(.*?)<\/script>/.exec(
      html,
    );
    const { anonKey } = JSON.parse(config?.[1] ?? '{}') as { anonKey: string };
    const client = createClient(server.baseURL, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    const { error } = await client.auth.signInWithPassword(server.admin);
    if (error) throw new Error(`Admin sign-in failed: ${error.message}`);
    await use(client);
    // Its own session only: the pages' administrator sessions (useAdminSession) stay alive.
    await client.auth.signOut({ scope: 'local' });
  },
  serviceDb: async ({ server }, use) => {
    // global-setup writes the service key beside the server's address.
    const { serviceKey } = server as ServerInfo & { serviceKey?: string };
    if (!serviceKey) throw new Error('Clé du rôle de service absente (global-setup).');
    await use(
      createClient(server.baseURL, serviceKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      }),
    );
  },
});

export { expect };

/** Signs in through the login form, as the owner would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin-login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}
