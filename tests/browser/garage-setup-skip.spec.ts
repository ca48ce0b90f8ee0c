import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { PROGRESS_KEY } from '../../src/admin/garage-setup/progress.ts';
import { SETUP_STEPS } from '../../src/admin/garage-setup/steps.ts';
import { expect, test } from './fixtures.ts';
import { startEachTestWith, useAdminSession } from './admin-session.ts';

// « Passer cette étape » in « Mon garage » marks a step skipped only once the owner has left it:
// asked about unsaved changes, staying keeps the step to do (docs/decisions/072-mon-garage.md).

const { apiHeaders } = useAdminSession('garage-setup-skip');
const [first, second] = SETUP_STEPS;
startEachTestWith(apiHeaders, {
  type: 'identity',
  start: DEFAULT_CONTENT.identity,
  path: `/admin/mon-garage?etape=${first!.slug}`,
});

test('skipping with unsaved changes: staying keeps the step to do, leaving marks it skipped', async ({
  page,
}) => {
  // This browser's progress only: the session is kept in the same storage.
  await page.evaluate((key) => localStorage.removeItem(key), PROGRESS_KEY);
  await page.reload();
  const steps = page.getByRole('navigation', { name: 'Étapes de la configuration' });
  const firstStep = steps.getByRole('link', { name: new RegExp(first!.title) });
  await expect(firstStep).toContainText('(à faire)');

  const field = page.locator('.garage-setup form').getByRole('textbox').first();
  await field.click();
  await field.fill('Garage du Pont');
  const skip = page.getByRole('button', { name: 'Passer cette étape' });
  const leave = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });

  await skip.click();
  await leave.getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`etape=${first!.slug}`));
  await expect(field).toHaveValue('Garage du Pont');
  await expect(firstStep).toContainText('(à faire)');

  await skip.click();
  await leave.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page).toHaveURL(new RegExp(`etape=${second!.slug}`));
  await expect(firstStep).toContainText('(passée)');
});
