import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import {
  EDITABLE_SECTION_TYPES,
  SECTION_TYPES,
  sectionEditor,
  type EditableSectionType,
} from '../../src/content/section-types.ts';
import { expect, test } from './fixtures.ts';
import { useAdminSession } from './admin-session.ts';

/** The required text field the test edits in each section editor. */
const FIELDS: Partial<Record<EditableSectionType, { key: string; label: string }>> = {
  hero: { key: 'heading', label: 'Titre' },
  services: { key: 'title', label: 'Titre' },
  about: { key: 'title', label: 'Titre' },
  pricing: { key: 't1', label: 'Taux T1' },
  vehicles: { key: 'title', label: 'Titre' },
  financing: { key: 'title', label: 'Titre' },
  blog: { key: 'title', label: 'Titre' },
  // contact: read-only, copied from the identity (admin-contact.spec.ts).
};

/** One editor per home section: where it lives (from its schema) and the field the test edits. */
const EDITORS = EDITABLE_SECTION_TYPES.flatMap((type) => {
  const field = FIELDS[type];
  // A type added later has no field named here yet: its own tests cover it.
  if (!field) return [];
  return [{ type, path: sectionEditor(type).path, anchor: SECTION_TYPES[type].anchor, ...field }];
});

const SAVED = 'Les modifications ont été enregistrées avec succès.';

const { apiHeaders } = useAdminSession('editors');

async function anonKeyOf(page: Page): Promise<string> {
  const json = await page.locator('#supabase-config').textContent();
  return (JSON.parse(json!) as { anonKey: string }).anonKey;
}

/** The stored row of a type, or undefined when none is stored (the site shows the defaults). */
async function storedRow(
  request: APIRequestContext,
  headers: Record<string, string>,
  type: string,
): Promise<Record<string, unknown> | undefined> {
  const response = await request.get(`/rest/v1/site_content?type=eq.${type}&select=content`, {
    headers,
  });
  expect(response.ok()).toBe(true);
  const rows = (await response.json()) as { content: Record<string, unknown> }[];
  return rows[0]?.content;
}

/** Puts the row back as it was before the test (other spec files share the server). */
async function restore(
  request: APIRequestContext,
  headers: Record<string, string>,
  type: string,
  original: Record<string, unknown> | undefined,
): Promise<void> {
  const response = original
    ? await request.post('/rest/v1/site_content', {
        headers: { ...headers, Prefer: 'resolution=merge-duplicates' },
        data: { type, content: original },
      })
    : await request.delete(`/rest/v1/site_content?type=eq.${type}`, { headers });
  expect(response.ok()).toBe(true);
}

for (const editor of EDITORS) {
  test.describe(`/admin/${editor.path}`, () => {
    let headers: Record<string, string>;
    let original: Record<string, unknown> | undefined;

    test.beforeEach(async ({ page, request }) => {
      await page.goto(`/admin/${editor.path}`);
      headers = apiHeaders(await anonKeyOf(page));
      original = await storedRow(request, headers, editor.type);
    });

    test.afterEach(async ({ request }) => {
      await restore(request, headers, editor.type, original);
    });

    test('opens on the stored content, checks it, saves it, and the site shows it', async ({
      page,
    }) => {
      await page.clock.install();
      await page.goto(`/admin/${editor.path}`);
      const stored = (original ?? DEFAULT_CONTENT[editor.type]) as Record<string, string>;
      const input = page.getByRole('textbox', { name: editor.label, exact: true });
      await expect(input).toHaveValue(stored[editor.key]!);

      // Blank, then leave the field: the French error shows next to it.
      await input.fill('');
      await input.blur();
      await expect(input).toHaveAccessibleDescription(/Ce champ est obligatoire\./);
      await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();

      // Fixed and saved: the success message shows for three seconds.
      const value = `Essai ${editor.type} ${randomBytes(3).toString('hex')}`;
      // Straight from the field to the button, as an owner would: the blur that the press causes
      // must not move the button away before the click lands.
      await input.fill(value);
      await expect(page.getByRole('region', { name: 'Aperçu en direct' })).toContainText(value);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByRole('status').getByText(SAVED)).toBeVisible();
      await expect(page.getByText('Ce champ est obligatoire.')).toHaveCount(0);
      await page.clock.runFor(3000);
      await expect(page.getByText(SAVED)).toHaveCount(0);

      await page.reload();
      await expect(page.getByRole('textbox', { name: editor.label, exact: true })).toHaveValue(
        value,
      );

      await page.goto('/');
      await expect(page.locator(`#${editor.anchor}`)).toContainText(value);
    });

    test('a save the server refuses shows its reason and keeps what was typed', async ({
      page,
    }) => {
      // The browser sends valid content; on its way, the field is removed, so the real server
      // refuses it with its own message.
      await page.route('**/rest/v1/site_content*', async (route) => {
        const request = route.request();
        // A save is an update of the version read (PATCH), or an insert when none is stored.
        if (!['POST', 'PATCH'].includes(request.method())) return route.continue();
        const body = request.postDataJSON() as { content: Record<string, unknown> };
        delete body.content[editor.key];
        return route.continue({ postData: JSON.stringify(body) });
      });
      const typed = `Non enregistré ${randomBytes(3).toString('hex')}`;
      const input = page.getByRole('textbox', { name: editor.label, exact: true });
      await input.fill(typed);
      await page.getByRole('button', { name: 'Enregistrer' }).click();

      const alert = page.getByRole('alert');
      await expect(alert).toContainText(
        `L'enregistrement a échoué : Contenu « ${editor.type} » refusé : « ${editor.label} » est obligatoire.`,
      );
      await expect(input).toHaveValue(typed);
      await expect(page.getByRole('status').getByText(SAVED)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
    });
  });
}

test('an editor route that is not a section keeps its page', async ({ page }) => {
  await page.goto('/admin/alert');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Gérer l'Alerte");
});
