import { expect, test } from './fixtures.ts';
import { adminChunkFile } from './manifest.ts';
import { rewriteShell } from './html-rewrite.ts';

/**
 * The global fallback is proven with a real failure, not a test-only route: the back-office chunk
 * cannot be downloaded (as after a deploy that removed it, or a dropped connection), so the lazy
 * component throws while rendering and the app's error boundary must catch it.
 */
test('a rendering error shows the global error screen', async ({ page, consoleErrors }) => {
  const chunk = adminChunkFile();
  await page.route(`**${chunk}`, (route) => route.abort('failed'));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Une erreur s'est produite");
  await expect(page.getByText('Veuillez rafraîchir la page')).toBeVisible();
  expect(consoleErrors.some((text) => text.includes('Erreur de rendu'))).toBe(true);
});

test('a page without its root element only logs an error', async ({ page, consoleErrors }) => {
  // The client-only shell (public pages arrive server-rendered, their root already filled).
  await rewriteShell(page, (html) => html.replace('<div id="root"></div>', ''));
  await page.goto('/admin-login');
  await expect.poll(() => consoleErrors.length).toBe(1);
  expect(consoleErrors[0]).toContain('#root');
  await expect(page.locator('body')).toHaveText('');
});
