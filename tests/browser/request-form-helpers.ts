import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { requestRow } from '../helpers/request-row.ts';
import { eventually } from '../helpers/eventually.ts';

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
  await eventually('the minimum fill time to pass', () => Date.now() >= started + MIN_FILL_MS);
}

/** Stores a request as the form leaves it (« Vidange », a message), as the site's service role. */
export async function storeRequest(
  db: SupabaseClient,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const { data, error } = await db
    .from('requests')
    .insert(requestRow({ service: 'Vidange', message: 'Bruit au freinage.', ...overrides }))
    .select('id')
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}
