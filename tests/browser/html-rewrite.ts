import type { Page } from '@playwright/test';

/** Serves the app shell with `edit` applied, to stage what a misconfigured host would send. */
export async function rewriteShell(page: Page, edit: (html: string) => string): Promise<void> {
  await page.route(
    (url) => !url.pathname.includes('.') && !url.pathname.startsWith('/auth/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, body: edit(await response.text()) });
    },
  );
}
