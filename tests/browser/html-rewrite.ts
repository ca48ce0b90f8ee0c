import type { Page } from '@playwright/test';

/** Serves the app shell with `edit` applied, to stage what a misconfigured host would send. */
export async function rewriteShell(page: Page, edit: (html: string) => string): Promise<void> {
  await page.route(
    // The test server's own pages only, never a third-party frame on the page.
    (url) =>
      url.hostname === '127.0.0.1' &&
      !url.pathname.includes('.') &&
      !url.pathname.startsWith('/auth/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, body: edit(await response.text()) });
    },
  );
}

/**
 * Without its hydration data the page renders in the browser and fetches its own content, as on a
 * host that serves the plain app shell: the way to stage a failing or slow backend for the browser.
 */
export const withoutHydrationData = (html: string) =>
  html.replace(/<script type="application\/json" id="hydration-data">[\s\S]*?<\/script>/, '');

/** The page as a host without backend configuration would serve it. */
export const withoutBackend = (html: string) =>
  withoutHydrationData(html).replace(
    /<script type="application\/json" id="supabase-config">.*?<\/script>/,
    '',
  );
