import type { Browser, Page } from '@playwright/test';
import { FORMS } from '../../src/content/generated/forms.ts';
import { EDITABLE_SECTION_TYPES, sectionEditor } from '../../src/content/section-types.ts';
import { useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { readServerInfo } from './server-info.ts';

// The panels have their own axe checks in their spec files; these are the pages without one.
// The contact page has no form: its details are the identity's (admin-contact.spec.ts).
const EDITOR_TYPES = EDITABLE_SECTION_TYPES.filter((type) => type !== 'contact');

/** Whether a form has a required text at its top level, which a blank makes an error. */
function hasRequiredText(type: (typeof EDITOR_TYPES)[number]): boolean {
  const schema = FORMS[type].schema as {
    required?: readonly string[];
    properties?: Record<string, { type?: unknown }>;
  };
  return (schema.required ?? []).some((key) => schema.properties?.[key]?.type === 'string');
}

const session = useAdminSession('admin-a11y');

/** A signed-out page in a context of its own (axe needs pages from browser.newContext()). */
async function signedOutPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: readServerInfo().baseURL,
    storageState: { cookies: [], origins: [] },
    locale: 'fr-FR',
  });
  return context.newPage();
}

for (const type of EDITOR_TYPES) {
  const path = sectionEditor(type).path;
  const withErrors = hasRequiredText(type);
  test(`axe finds no violation on /admin/${path}${withErrors ? ', with and without field errors' : ''}`, async ({
    browser,
  }) => {
    const page = await session.newPage(browser);
    await page.goto(`/admin/${path}`);
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    if (withErrors) {
      // A failed submit shows every error next to its field.
      const first = page.locator('form input[type="text"], form textarea').first();
      await first.fill('');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Ce champ est obligatoire.').first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.context().close();
  });
}

// The editors with image fields (a thumbnail choice, a list of slides), found from their ui schemas.
const IMAGE_EDITOR_PATHS = EDITABLE_SECTION_TYPES.filter((type) =>
  /"ui:(widget|field)":"image(Choice|List)"/.test(JSON.stringify(FORMS[type].uiSchema)),
).map((type) => sectionEditor(type).path);

for (const path of IMAGE_EDITOR_PATHS) {
  test(`image fields of /admin/${path} have names, and describe themselves with ids that exist`, async ({
    browser,
  }) => {
    const page = await session.newPage(browser);
    await page.goto(`/admin/${path}`);
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
    const rules = ['label-title-only', 'label', 'aria-valid-attr-value', 'button-name'];
    const violations = await axeViolations(page, 'form', { bestPractice: true });
    expect(violations.filter((line) => rules.some((rule) => line.startsWith(`${rule}:`)))).toEqual(
      [],
    );
    // Every id an aria-describedby names is on the page.
    const dangling = await page.evaluate(() =>
      [...document.querySelectorAll('[aria-describedby]')].flatMap((element) =>
        (element.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .filter((id) => id && !document.getElementById(id))
          .map((id) => `${element.id || element.tagName}: ${id}`),
      ),
    );
    expect(dangling).toEqual([]);
    await page.context().close();
  });
}

test('axe finds no violation on /admin-login', async ({ browser }) => {
  const page = await signedOutPage(browser);
  await page.goto('/admin-login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.context().close();
});
