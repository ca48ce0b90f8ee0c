import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { addressLine } from '../../src/content/garage-address.ts';
import { useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// « Contact » (/admin/contact) shows the identity's details, read-only, with the way to change
// them; and the back-office tells the owner once what the merge of the two records did
// (docs/decisions/057-one-garage-identity.md).

const session = useAdminSession('admin-contact');
const identity = DEFAULT_CONTENT.identity;

test('the contact page shows the details read-only and leads to the identity', async ({
  browser,
}) => {
  const page = await session.newPage(browser);
  await page.goto('/admin/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
  const main = page.getByRole('main');
  await expect(main).toContainText(addressLine(identity));
  await expect(main).toContainText(identity.phone);
  await expect(main).toContainText(identity.email);
  await expect(main.getByRole('link', { name: "Voir l'adresse sur OpenStreetMap" })).toBeVisible();
  // Nothing to type here.
  await expect(main.getByRole('textbox')).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await main.getByRole('link', { name: 'Modifier dans Identité du garage' }).click();
  await expect(page).toHaveURL(/\/admin\/identity$/);
  await expect(page.getByRole('textbox', { name: 'Téléphone', exact: true })).toHaveValue(
    identity.phone,
  );
  await page.context().close();
});

test('the merge notice shows on every back-office page until the owner dismisses it', async ({
  browser,
  serviceDb,
}) => {
  const message =
    "Les coordonnées de la page Contact et de l'identité du garage ont été réunies : le téléphone (04 72 00 11 22) vient de la page Contact, enregistrée en dernier.";
  const { error } = await serviceDb.from('admin_notices').upsert({ id: 'identity-merge', message });
  expect(error).toBeNull();

  const page = await session.newPage(browser);
  await page.goto('/admin/identity');
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
  await page.getByRole('button', { name: "J'ai compris" }).click();
  await expect(page.getByText(message)).toHaveCount(0);
  // The notice went with the focus on its button: the focus is on the page.
  await expect(page.getByRole('main')).toBeFocused();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Identité du garage');
  await expect(page.getByText(message)).toHaveCount(0);
  const { data } = await serviceDb.from('admin_notices').select('id');
  expect(data).toEqual([]);
  await page.context().close();
});
