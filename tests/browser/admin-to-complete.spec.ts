import { checklist, type ChecklistItem } from '../../src/content/checklist.ts';
import { FIELD_RULES } from '../../src/content/generated/completeness.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { ContentByType } from '../../src/content/generated/types.ts';
import { fieldElementId } from '../../src/admin/completeness/field-address.ts';
import { FILLED_LEGAL_ITEMS, FILLED_SITE } from '../helpers/filled-site.ts';
import { useAdminSession } from './admin-session.ts';
import { expect, test } from './fixtures.ts';
import { storedContent } from './site-home-helpers.ts';

// « À compléter » on the back-office home: what the law still asks for and what is still an
// example, each a link to its field. Expectations come from the schemas' rules (FIELD_RULES).

const SAVED = 'Les modifications ont été enregistrées avec succès.';
useAdminSession('admin-to-complete');
const content = storedContent();
test.afterEach(content.restore);

type Site = Partial<Record<keyof ContentByType, unknown>>;
const CHECKED_TYPES = Object.keys(FIELD_RULES) as (keyof ContentByType)[];

/** Stores, for every type the checklist reads, its content in `site` or else its default. */
async function storeSite(db: Parameters<typeof content.store>[0], site: Site) {
  for (const type of CHECKED_TYPES) {
    await content.store(db, type, (site[type] ?? DEFAULT_CONTENT[type]) as never);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const itemLink = (list: import('@playwright/test').Locator, item: ChecklistItem) =>
  list.getByRole('link', { name: new RegExp(`^${escape(item.label)} \\(`) });

function valueAt(site: Site, item: ChecklistItem): string {
  let value: unknown = site[item.type as keyof ContentByType];
  for (const key of item.path) value = (value as Record<string, unknown>)[key];
  return value as string;
}

for (const width of [390, 1366]) {
  test(`at ${width} px, a fresh site's list opens the field focused; filled, the item goes`, async ({
    page,
    adminDb,
  }) => {
    test.setTimeout(60_000);
    await storeSite(adminDb, {});
    await page.setViewportSize({ width, height: 800 });
    const expected = checklist(DEFAULT_CONTENT);
    await page.goto('/admin');
    // A line above the sections leads to the list, below them.
    await page.getByRole('link', { name: 'Voir « À compléter »' }).click();
    const region = page.getByRole('region', { name: 'À compléter' });
    await expect(region).toBeInViewport();
    const items = region.getByRole('listitem');
    await expect(items).toHaveCount(expected.length);
    for (const [index, item] of expected.entries()) {
      await expect(items.nth(index)).toContainText(`${item.label} (`);
      await expect(items.nth(index)).toContainText(item.problem);
      if (item.legal) await expect(items.nth(index)).toContainText('Obligatoire (mention légale)');
      else await expect(items.nth(index)).not.toContainText('Obligatoire');
    }

    // One click: the editor opens with the field focused and on screen.
    const item = expected.find((candidate) => candidate.legal && candidate.reason === 'missing')!;
    await itemLink(region, item).click();
    const field = page.locator(`#${fieldElementId(item.path)}`);
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();

    await page.keyboard.type(valueAt(FILLED_SITE, item));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('status').getByText(SAVED)).toBeVisible();
    await page.goBack();
    await expect(items).toHaveCount(expected.length - 1);
    await expect(itemLink(region, item)).toHaveCount(0);
  });
}

test('a save made elsewhere updates the open list', async ({ page, adminDb }) => {
  await storeSite(adminDb, {});
  const expected = checklist(DEFAULT_CONTENT);
  await page.goto('/admin');
  const region = page.getByRole('region', { name: 'À compléter' });
  await expect(region.getByRole('listitem')).toHaveCount(expected.length);
  // Another tab, or the deployment's agency, fills the legal items.
  const { error } = await adminDb
    .from('site_content')
    .upsert(Object.entries(FILLED_LEGAL_ITEMS).map(([type, content]) => ({ type, content })));
  expect(error).toBeNull();
  const left = checklist({ ...DEFAULT_CONTENT, ...FILLED_LEGAL_ITEMS });
  await expect(region.getByRole('listitem')).toHaveCount(left.length);
  await expect(region.getByText('Obligatoire (mention légale)')).toHaveCount(0);
});

test('a filled site says all is complete', async ({ page, adminDb }) => {
  expect(checklist({ ...DEFAULT_CONTENT, ...FILLED_SITE })).toEqual([]);
  await storeSite(adminDb, FILLED_SITE);
  await page.goto('/admin');
  const region = page.getByRole('region', { name: 'À compléter' });
  await expect(region.getByText('Tout est complet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir « À compléter »' })).toHaveCount(0);
  await expect(region.getByRole('listitem')).toHaveCount(0);
});
