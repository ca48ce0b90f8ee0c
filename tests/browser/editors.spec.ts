import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { FORMS } from '../../src/content/generated/forms.ts';
import type { Section } from '../../src/content/generated/types.ts';
import {
  EDITABLE_SECTION_TYPES,
  SECTION_TYPES,
  sectionEditor,
  type EditableSectionType,
} from '../../src/content/section-types.ts';
import { expect, test } from './fixtures.ts';
import { readContent, useAdminSession, writeContent } from './admin-session.ts';

/** The schema of a type as its editor reads it (the generated forms, from schemas/). */
interface FormSchema {
  required?: string[];
  properties: Record<string, { type?: string; title?: string; format?: string; enum?: unknown[] }>;
}

/**
 * The text field the test edits in a type's editor, from its schema: the first plain text field
 * (no format, no list of choices) in the form's order, a required one when there is one (the
 * test then also blanks it and has the server refuse it missing).
 */
function editedField(type: EditableSectionType) {
  const { schema, uiSchema } = FORMS[type] as unknown as {
    schema: FormSchema;
    uiSchema: { 'ui:order'?: string[] };
  };
  const order = uiSchema['ui:order'] ?? Object.keys(schema.properties);
  const texts = order.filter((key) => {
    const property = schema.properties[key];
    return property?.type === 'string' && property.title && !property.format && !property.enum;
  });
  const required = texts.find((key) => schema.required?.includes(key));
  const key = required ?? texts[0];
  if (!key) throw new Error(`The ${type} schema has no text field to edit`);
  return { key, label: schema.properties[key]!.title!, required: required !== undefined };
}

/**
 * One editor per section type with one, from the schemas: where it lives, its anchor on the home
 * page and the field the test edits. « Contact » is the one editor without a form: its details
 * are the identity's, copied by the database (admin-contact.spec.ts).
 */
const EDITORS = EDITABLE_SECTION_TYPES.filter((type) => type !== 'contact').map((type) => ({
  type,
  path: sectionEditor(type).path,
  anchor: SECTION_TYPES[type].anchor,
  ...editedField(type),
}));

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
    let sections: Section[] | undefined;

    test.beforeEach(async ({ page, request }) => {
      await page.goto(`/admin/${editor.path}`);
      headers = apiHeaders(await anonKeyOf(page));
      original = await storedRow(request, headers, editor.type);
      // A type the home page does not show yet (customer reviews, say) is added to it.
      sections = await readContent<Section[]>(request, headers, 'sections');
      const shown = sections ?? DEFAULT_CONTENT.sections;
      if (!shown.some((section) => section.type === editor.type && section.visible)) {
        await writeContent(request, headers, 'sections', [
          ...shown,
          {
            id: `essai-${editor.type}`,
            title: 'Essai',
            order: 99,
            visible: true,
            type: editor.type,
          },
        ]);
      }
    });

    test.afterEach(async ({ request }) => {
      await restore(request, headers, editor.type, original);
      await writeContent(request, headers, 'sections', sections);
    });

    test('opens on the stored content, checks it, saves it, and the site shows it', async ({
      page,
    }) => {
      await page.clock.install();
      await page.goto(`/admin/${editor.path}`);
      const stored = (original ?? DEFAULT_CONTENT[editor.type]) as Record<string, string>;
      const input = page.getByRole('textbox', { name: editor.label, exact: true });
      await expect(input).toHaveValue(stored[editor.key] ?? '');

      if (editor.required) {
        // Blank, then leave the field: the French error shows next to it.
        await input.fill('');
        await input.blur();
        await expect(input).toHaveAccessibleDescription(/Ce champ est obligatoire\./);
        await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
      }

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

    // Only a required field's absence is refused.
    if (editor.required) {
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
    }
  });
}

test('an editor route that is not a section keeps its page', async ({ page }) => {
  await page.goto('/admin/alert');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Gérer l'Alerte");
});
