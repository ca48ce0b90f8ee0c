import type { Page } from '@playwright/test';
import { useAdminSession } from './admin-session.ts';
import { expect, test } from './fixtures.ts';
import { chunkFile } from './manifest.ts';

/**
 * A back-office page whose code cannot be downloaded (a tab left open across an update, a phone
 * losing its connection): the page reloads once by itself, then the French error screen stays.
 * Proven with the statistics page's own chunk, loaded lazily inside the back-office's router.
 */

useAdminSession('admin-error-screen');

const STATS_CHUNK = chunkFile('src/admin/stats/stats-page.tsx');

/** Counts the page's loads (its document requests) from now on. */
function countLoads(page: Page): { readonly value: number } {
  const loads = { value: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.value += 1;
  });
  return loads;
}

test('a page whose code fails to load shows the French error screen after one reload', async ({
  page,
  consoleErrors,
}) => {
  await page.route(`**${STATS_CHUNK}`, (route) => route.abort('failed'));
  const loads = countLoads(page);
  await page.goto('/admin/stats');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Une erreur s'est produite");
  await expect(page.getByText('Veuillez rafraîchir la page')).toBeVisible();
  await expect(page.getByText(/Unexpected Application Error|Hey developer/)).toHaveCount(0);
  // The first failure reloaded the page by itself; the second one showed the screen.
  expect(loads.value).toBe(2);
  expect(consoleErrors.some((text) => text.includes('Erreur de rendu'))).toBe(true);

  // « Rafraîchir » reloads; the code still failing, the screen comes back without a loop.
  await page.getByRole('button', { name: 'Rafraîchir' }).click();
  await expect.poll(() => loads.value).toBe(3);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Une erreur s'est produite");
  expect(loads.value).toBe(3);
});

test('a chunk gone after an update reloads the page once, which then works', async ({ page }) => {
  const loads = countLoads(page);
  let failures = 0;
  await page.route(`**${STATS_CHUNK}`, async (route) => {
    // The first page asks for the old build's file, gone (its preload and its import alike);
    // the reloaded page gets the current one.
    if (loads.value <= 1) {
      failures += 1;
      await route.fulfill({ status: 404, body: 'Not found' });
    } else {
      await route.continue();
    }
  });
  await page.goto('/admin/stats');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistiques de Visites');
  expect(failures).toBeGreaterThan(0);
  expect(loads.value).toBe(2);
});
