import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, test } from './fixtures.ts';
import { hydrated } from './held-scripts.ts';

// docs/product.md#visits-and-statistics: a home visit is recorded through the recordVisit function,
// at most once per 6 hours per browser, remembered as lastHomeVisit; a failure is silent for the
// visitor.

/** Every stored visit, read as the owner reads them (visits are readable through the stats only). */
async function visitCount(db: SupabaseClient): Promise<number> {
  const { data, error } = await db.rpc('get_daily_stats');
  if (error) throw error;
  return (data as { visits: number | string }[]).reduce((sum, row) => sum + Number(row.visits), 0);
}

/** The recordVisit calls the page makes from now on. */
function watchVisits(page: Page): { body: unknown; status?: number }[] {
  const calls: { body: unknown; status?: number }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/functions/v1/recordVisit') {
      calls.push({ body: request.postDataJSON() as unknown });
    }
  });
  return calls;
}

const lastVisit = (page: Page) => page.evaluate(() => localStorage.getItem('lastHomeVisit'));

test('two home loads within 6 hours store one visit', async ({ page, adminDb, consoleErrors }) => {
  const before = await visitCount(adminDb);
  const calls = watchVisits(page);

  const recorded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/functions/v1/recordVisit',
  );
  await page.goto('/');
  const response = await recorded;
  expect(response.status()).toBe(200);
  expect(response.request().method()).toBe('POST');
  expect(calls).toEqual([{ body: { page: 'home' } }]);
  const stamp = await lastVisit(page);
  expect(new Date(stamp!).toISOString()).toBe(stamp);
  expect(Math.abs(Date.now() - Date.parse(stamp!))).toBeLessThan(60_000);

  await page.reload();
  // Hydrated: the visit's effect has had its turn.
  await hydrated(page, '#hero h1');
  await page.waitForLoadState('networkidle');
  expect(calls).toHaveLength(1);
  expect(await lastVisit(page)).toBe(stamp);
  await expect.poll(() => visitCount(adminDb)).toBe(before + 1);
  expect(consoleErrors).toEqual([]);
});

test('a visit is recorded again once 6 hours have passed', async ({ page, adminDb }) => {
  await page.goto('/');
  await expect.poll(() => lastVisit(page)).not.toBeNull();
  await page.waitForLoadState('networkidle');
  const before = await visitCount(adminDb);
  const calls = watchVisits(page);

  // Five hours and 59 minutes ago: still within the window.
  await page.evaluate(() =>
    localStorage.setItem('lastHomeVisit', new Date(Date.now() - 359 * 60_000).toISOString()),
  );
  await page.reload();
  await hydrated(page, '#hero h1');
  await page.waitForLoadState('networkidle');
  expect(calls).toHaveLength(0);

  // Six hours ago: a new visit.
  await page.evaluate(() =>
    localStorage.setItem('lastHomeVisit', new Date(Date.now() - 6 * 3_600_000).toISOString()),
  );
  await page.reload();
  await expect.poll(() => calls.length).toBe(1);
  await expect.poll(() => visitCount(adminDb)).toBe(before + 1);
});

test('a failed recording is silent and is tried again on the next load', async ({ page }) => {
  await page.route('**/functions/v1/recordVisit', (route) =>
    route.fulfill({ status: 500, json: { success: false, error: 'indisponible' } }),
  );
  const failed = page.waitForResponse((r) => r.url().includes('/functions/v1/recordVisit'));
  await page.goto('/');
  await failed;
  await expect(page.locator('#hero h1')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Nothing remembered: the next load tries again.
  await expect.poll(() => lastVisit(page)).toBeNull();

  await page.unroute('**/functions/v1/recordVisit');
  const recorded = page.waitForResponse((r) => r.url().includes('/functions/v1/recordVisit'));
  await page.reload();
  expect((await recorded).status()).toBe(200);
  await expect.poll(() => lastVisit(page)).not.toBeNull();
});

test('a reload while the visit is on its way counts it once', async ({ page, adminDb }) => {
  const before = await visitCount(adminDb);
  const calls = watchVisits(page);
  // The first call is held until the page has gone; it then still reaches the server.
  let left!: () => void;
  const pageLeft = new Promise<void>((resolve) => (left = resolve));
  await page.route('**/functions/v1/recordVisit', async (route) => {
    await pageLeft;
    await route.continue();
  });
  await page.goto('/');
  await expect.poll(() => calls.length).toBe(1);
  const stamp = await lastVisit(page);
  expect(stamp).not.toBeNull();

  await page.reload();
  left();
  await hydrated(page, '#hero h1');
  await page.waitForLoadState('networkidle');
  expect(calls).toHaveLength(1);
  expect(await lastVisit(page)).toBe(stamp);
  await expect.poll(() => visitCount(adminDb)).toBe(before + 1);
});

test('a visit not sent while offline is tried again on the next load', async ({ page }) => {
  // The page is on screen; the network drops as its visit goes out.
  await page.route('**/functions/v1/recordVisit', async (route) => {
    await page.context().setOffline(true);
    await route.abort('internetdisconnected');
  });
  const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('recordVisit'));
  await page.goto('/');
  await failed;
  await expect.poll(() => lastVisit(page)).toBeNull();

  await page.context().setOffline(false);
  await page.unroute('**/functions/v1/recordVisit');
  const recorded = page.waitForResponse((r) => r.url().includes('/functions/v1/recordVisit'));
  await page.reload();
  expect((await recorded).status()).toBe(200);
  await expect.poll(() => lastVisit(page)).not.toBeNull();
});

test('other pages record no home visit', async ({ page }) => {
  const calls = watchVisits(page);
  await page.goto('/blog');
  await hydrated(page, 'h1');
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
  expect(await lastVisit(page)).toBeNull();
});

test('a last visit first stored over 13 months ago is forgotten, and the visit counted anew', async ({
  page,
}) => {
  await page.goto('/blog');
  // Within 6 hours, but first written 13 months and a day ago: past the lifetime (docs/legal.md#privacy).
  await page.evaluate(() => {
    const since = new Date();
    since.setUTCMonth(since.getUTCMonth() - 13);
    since.setUTCDate(since.getUTCDate() - 1);
    localStorage.setItem('lastHomeVisit', new Date(Date.now() - 60_000).toISOString());
    localStorage.setItem('lastHomeVisitSince', since.toISOString());
  });
  const calls = watchVisits(page);
  const recorded = page.waitForResponse((r) => r.url().includes('/functions/v1/recordVisit'));
  await page.goto('/');
  expect((await recorded).status()).toBe(200);
  expect(calls).toHaveLength(1);
  const since = await page.evaluate(() => localStorage.getItem('lastHomeVisitSince'));
  expect(Math.abs(Date.now() - Date.parse(since!))).toBeLessThan(60_000);
});

test('the privacy page stops the counting on this browser, and starts it again', async ({
  page,
}) => {
  await page.goto('/confidentialite');
  await page.getByRole('button', { name: 'Ne plus compter mes visites' }).click();
  await expect(
    page.getByText('Vos visites ne sont plus comptées sur ce navigateur.'),
  ).toBeVisible();

  const calls = watchVisits(page);
  await page.goto('/');
  await hydrated(page, '#hero h1');
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
  expect(await lastVisit(page)).toBeNull();

  await page.goto('/confidentialite');
  await page.getByRole('button', { name: 'Compter à nouveau mes visites' }).click();
  await expect(page.getByText('Vos visites sont comptées sur ce navigateur.')).toBeVisible();
  const recorded = page.waitForResponse((r) => r.url().includes('/functions/v1/recordVisit'));
  await page.goto('/');
  expect((await recorded).status()).toBe(200);
});

test("the back-office's preview of the home page, in a frame, records no visit", async ({
  page,
}) => {
  await page.goto('/mentions-legales');
  await page.evaluate(() => localStorage.clear());
  const calls = watchVisits(page);
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = '/';
    frame.title = 'Aperçu';
    document.body.append(frame);
  });
  const preview = page.frameLocator('iframe[title="Aperçu"]');
  await expect(preview.locator('#hero h1')).toBeVisible();
  // Hydrated: React's effects, the visit's among them, have run in the frame.
  await expect
    .poll(() =>
      preview
        .locator('#hero h1')
        .evaluate((h1) => Object.keys(h1).some((key) => key.startsWith('__reactFiber'))),
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
  expect(await lastVisit(page)).toBeNull();
});
