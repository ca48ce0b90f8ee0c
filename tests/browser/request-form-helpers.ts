import type { Page } from '@playwright/test';

/** The minimum fill time (docs/decisions/032-requests.md), plus a margin. */
const MIN_FILL_MS = 3_100;

/**
 * A person takes longer than the minimum fill time: wait for it from when the form was shown
 * (read from the page, which may run no script).
 */
export async function afterMinimumFillTime(page: Page): Promise<void> {
  // « <ms>.<signature> »: when the form was shown, signed by the database
  // (docs/decisions/045-request-form-abuse.md).
  const signed = await page.locator('[name="started_at"]').getAttribute('value');
  const started = Number.parseInt(signed ?? '', 10);
  if (!Number.isFinite(started)) throw new Error(`started_at illisible : ${signed}`);
  const left = started + MIN_FILL_MS - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}
