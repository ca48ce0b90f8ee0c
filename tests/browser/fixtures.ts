import { test as base, expect, type Page } from '@playwright/test';
import { readServerInfo, type ServerInfo } from './server-info.ts';

const info = readServerInfo();

interface Fixtures {
  server: ServerInfo;
  /** Console errors and uncaught page errors seen during the test, as text. */
  consoleErrors: string[];
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
});

export { expect };

/** Signs in through the login form, as the owner would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin-login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}
