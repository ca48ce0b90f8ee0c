import { expect, test } from './fixtures.ts';
import { holdScripts, hydrated } from './held-scripts.ts';
import { freshPage } from './site-home-helpers.ts';

// docs/product.md#payment-calculator: the payment calculator's messages and its 2, 3 and 4
// instalment plans.

test('the calculator asks for an amount, refuses what is out of range and shows the plans', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  const section = page.locator('#payment-calculator');
  const amount = section.getByLabel('Montant de la réparation (en euros)');
  const plans = section.locator('.calculator__plan');

  await expect(amount).toHaveAttribute('placeholder', 'Entrez un montant entre 50€ et 2000€');
  await expect(section).toContainText('Entrez un montant valide pour voir le calcul');
  await expect(plans).toHaveCount(0);

  await amount.fill('1000');
  await expect(plans).toHaveCount(3);
  await expect(plans.getByRole('heading', { level: 3 })).toHaveText([
    'En 2 fois',
    'En 3 fois',
    'En 4 fois',
  ]);
  await expect(plans.locator('.calculator__monthly strong')).toHaveText([
    '500,00 €',
    '333,33 €',
    '250,00 €',
  ]);
  await expect(plans.nth(0)).toContainText(
    'Frais : 43,20 € (4,32 % du montant), facturés séparément',
  );
  await expect(plans.nth(1)).toContainText('Frais : 45,60 € (4,56 % du montant)');
  await expect(plans.nth(2)).toContainText('Frais : 52,80 € (5,28 % du montant)');
  await expect(amount).toHaveAttribute('aria-invalid', 'false');
  await expect(section).not.toContainText('Entrez un montant valide');
  // Each plan is credit: its representative example and TAEG (docs/legal.md#worked-examples),
  // and the credit warning under the calculator.
  await expect(plans.locator('.calculator__apr strong')).toHaveText([
    '195,75 %',
    '76,66 %',
    '55,38 %',
  ]);
  await expect(plans.nth(1)).toContainText('Montant total du crédit666,67 €');
  await expect(section.locator('.credit-warning')).toHaveText(
    'Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager.',
  );

  for (const refused of ['49,99', '2000.01', 'abc', '1e3', '-5', '0']) {
    await amount.fill(refused);
    await expect(section.getByText('Le montant doit être entre 50€ et 2000€')).toBeVisible();
    await expect(plans).toHaveCount(0);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
  }
  // The message is tied to the field for screen readers.
  const describedBy = await amount.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(
    'Le montant doit être entre 50€ et 2000€',
  );

  await amount.fill('1234,5');
  await expect(plans.locator('.calculator__monthly strong')).toHaveText([
    '617,25 €',
    '411,50 €',
    '308,63 €',
  ]);
  await amount.fill('50');
  await expect(plans.nth(0)).toContainText('25,00 €');
  await amount.fill('2 000');
  await expect(plans.nth(0).locator('.calculator__monthly strong')).toHaveText('1 000,00 €');

  await amount.fill('');
  await expect(section).toContainText('Entrez un montant valide pour voir le calcul');
  await expect(plans).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('an amount typed before the page’s script ran shows its plans', async ({ browser }) => {
  const page = await freshPage(browser);
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const section = page.locator('#payment-calculator');
  await section.getByLabel('Montant de la réparation (en euros)').fill('1000');
  release();
  await hydrated(page, '#payment-calculator .calculator input');
  await expect(section.locator('.calculator__monthly strong')).toHaveText([
    '500,00 €',
    '333,33 €',
    '250,00 €',
  ]);
});
