import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { HeroContent } from '../../src/content/generated/types.ts';
import { startEachTestWith, useAdminSession } from './admin-session.ts';
import { expect, test } from './fixtures.ts';
import { readServerInfo } from './server-info.ts';

// Two editors of one content see each other and each other's saves
// (docs/decisions/052-live-back-office.md); the owner's unsaved text is never replaced unasked.

const SAVED = 'Les modifications ont été enregistrées avec succès.';
const RUN = randomBytes(3).toString('hex');
const START: HeroContent = { ...DEFAULT_CONTENT.hero, heading: `Titre de départ ${RUN}` };

const session = useAdminSession('admin-editing-presence');
startEachTestWith(session.apiHeaders, { type: 'hero', start: START, path: '/admin/hero' });

const heading = (page: Page) => page.getByRole('textbox', { name: 'Titre', exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
const saved = (page: Page) => expect(page.getByRole('status').getByText(SAVED)).toBeVisible();
const notice = (page: Page) => page.locator('.editing-notice[role="status"]');

test('two tabs on one editor: each sees the other, and is offered the other’s save', async ({
  browser,
  page: b,
}) => {
  const email = readServerInfo().admin.email;
  const a = await session.newPage(browser);
  await b.setViewportSize({ width: 390, height: 844 });
  try {
    await a.goto('/admin/hero');
    await expect(heading(a)).toHaveValue(START.heading);
    // B is the page each test starts on: the hero's editor, on a phone's width.
    await expect(heading(b)).toHaveValue(START.heading);

    for (const page of [a, b]) {
      await expect(notice(page)).toContainText("Quelqu'un d'autre modifie cette page");
      await expect(notice(page)).toContainText(new RegExp(`${email}, depuis \\d{1,2} h \\d\\d`));
    }

    // A saves: B, with nothing typed, is offered A's version and reloads it.
    await heading(a).fill(`Onglet A ${RUN}`);
    await save(a);
    await saved(a);
    await expect(notice(b)).toContainText(
      new RegExp(`${email} a enregistré cette page à \\d{1,2} h \\d\\d`),
    );
    await notice(b).getByRole('button', { name: 'Recharger la version enregistrée' }).click();
    await expect(heading(b)).toHaveValue(`Onglet A ${RUN}`);
    await expect(notice(b)).not.toContainText('a enregistré cette page');
    // The box went with the button pressed: the focus is back in the form.
    await expect(heading(b)).toBeFocused();

    // B types, A saves again: B is told its text would be replaced, and keeps it.
    await heading(b).fill(`Onglet B ${RUN}`);
    await heading(a).fill(`Onglet A encore ${RUN}`);
    await save(a);
    await saved(a);
    await expect(notice(b)).toContainText('Vos modifications ne sont pas enregistrées');
    await notice(b).getByRole('button', { name: 'Garder mon texte' }).click();
    await expect(notice(b)).not.toContainText('a enregistré cette page');
    await expect(heading(b)).toHaveValue(`Onglet B ${RUN}`);
    await expect(heading(b)).toBeFocused();

    // A leaves the editor for another page: B is alone again.
    await a
      .getByRole('navigation', { name: "Navigation de l'administration" })
      .getByRole('link', { name: /^Demandes/ })
      .click();
    await expect(a.getByRole('heading', { level: 1, name: 'Demandes' })).toBeVisible();
    await expect(notice(b)).not.toContainText("Quelqu'un d'autre modifie cette page");
  } finally {
    await a.context().close();
  }
});

test('the preview on a phone follows what is typed in the editor', async ({ browser, page }) => {
  const phone = await session.newPage(browser);
  await phone.setViewportSize({ width: 390, height: 844 });
  try {
    // The editor links to the phone's address.
    await expect(
      page.getByRole('link', { name: "Voir l'aperçu sur un téléphone" }),
    ).toHaveAttribute('href', '/admin/apercu/hero');
    await phone.goto('/admin/apercu/hero');
    await expect(phone.locator('.phone-preview')).toContainText(START.heading);
    await expect(phone.getByRole('status')).toContainText('version enregistrée');

    await heading(page).fill(`Tapé sur l'ordinateur ${RUN}`);
    await expect(phone.locator('.phone-preview')).toContainText(`Tapé sur l'ordinateur ${RUN}`);
    await expect(phone.getByRole('status')).toContainText('pas encore enregistré');
  } finally {
    await phone.context().close();
  }
});
