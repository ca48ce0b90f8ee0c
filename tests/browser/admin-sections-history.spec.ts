import type { Page } from '@playwright/test';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { Section } from '../../src/content/generated/types.ts';
import { startEachTestWith, useAdminSession } from './admin-session.ts';
import { expect, test } from './fixtures.ts';

// The sections list keeps its history and refuses a save over a list saved elsewhere
// (docs/decisions/025-content-history.md, docs/decisions/026-no-silent-overwrite.md): a built-in
// section deleted by mistake comes back from « Historique ».

const START: Section[] = DEFAULT_CONTENT.sections;
const CHANGED_ELSEWHERE = 'Ce contenu a été modifié ailleurs';

const session = useAdminSession('admin-sections-history');
const sectionsRow = startEachTestWith(session.apiHeaders, {
  type: 'sections',
  start: START,
  path: '/admin',
});

const rows = (page: Page) =>
  page.getByRole('region', { name: "Sections de la page d'accueil" }).getByRole('listitem');
const rowOf = (page: Page, title: string) =>
  rows(page).filter({ has: page.locator('.sections-row__title', { hasText: title }) });
const saved = (page: Page) => expect(page.getByText('✓ Enregistré')).toBeVisible();

async function deleteSection(page: Page, title: string) {
  await rowOf(page, title)
    .getByRole('button', { name: /^Supprimer/ })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
}

test('a built-in section deleted by mistake comes back from « Historique »', async ({
  page,
  request,
}) => {
  const lost = START[0]!;
  await deleteSection(page, lost.title);
  await saved(page);
  await expect(rowOf(page, lost.title)).toHaveCount(0);

  await page.getByRole('button', { name: 'Historique' }).click();
  const history = page.getByRole('region', { name: 'Historique' });
  await history
    .getByRole('list', { name: 'Versions précédentes' })
    .getByRole('button')
    .first()
    .click();
  await expect(history.getByRole('region', { name: /^Aperçu de la version/ })).toContainText(
    lost.title,
  );
  await history.getByRole('button', { name: 'Restaurer cette version' }).click();
  await saved(page);
  await expect(rowOf(page, lost.title)).toHaveCount(1);
  expect((await sectionsRow.stored(request))?.map((s) => s.id)).toContain(lost.id);
});

test('two tabs: a change over a list saved elsewhere is refused, then reloaded or kept', async ({
  browser,
  request,
}) => {
  const a = await session.newPage(browser);
  const b = await session.newPage(browser);
  const [first, second] = [START[0]!, START[1]!];
  try {
    await a.goto('/admin');
    await b.goto('/admin');
    await expect(rows(b)).toHaveCount(START.length);

    await deleteSection(a, first.title);
    await saved(a);

    // B still shows the old list: its change is refused, nothing of A's is undone.
    await deleteSection(b, second.title);
    const conflict = b.getByRole('alert').filter({ hasText: CHANGED_ELSEWHERE });
    await expect(conflict).toBeVisible();
    let stored = (await sectionsRow.stored(request))!.map((s) => s.id);
    expect(stored).not.toContain(first.id);
    expect(stored).toContain(second.id);

    await conflict.getByRole('button', { name: 'Recharger la version enregistrée' }).click();
    await expect(rowOf(b, first.title)).toHaveCount(0);
    await expect(rowOf(b, second.title)).toHaveCount(1);
    // The box went with the button pressed: the focus goes to the list.
    await expect(b.getByRole('heading', { name: "Sections de la page d'accueil" })).toBeFocused();

    // Now based on the stored list, B's change is saved.
    await deleteSection(b, second.title);
    await saved(b);
    stored = (await sectionsRow.stored(request))!.map((s) => s.id);
    expect(stored).not.toContain(first.id);
    expect(stored).not.toContain(second.id);

    // A is behind now: « Garder … quand même » stores A's list as it shows it.
    const third = START[2]!;
    await rowOf(a, third.title)
      .getByRole('button', { name: /^(Masquer|Afficher)$/ })
      .click();
    const kept = a.getByRole('alert').filter({ hasText: CHANGED_ELSEWHERE });
    await kept.getByRole('button', { name: 'Garder mon texte et enregistrer quand même' }).click();
    await saved(a);
    await expect(a.getByRole('heading', { name: "Sections de la page d'accueil" })).toBeFocused();
    stored = (await sectionsRow.stored(request))!.map((s) => s.id);
    expect(stored).toContain(second.id);
    expect((await sectionsRow.stored(request))!.find((s) => s.id === third.id)?.visible).toBe(
      !third.visible,
    );
  } finally {
    await a.context().close();
    await b.context().close();
  }
});
