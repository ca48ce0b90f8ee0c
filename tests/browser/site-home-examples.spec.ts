import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { FILLED_SITE } from '../helpers/filled-site.ts';
import { expect, test } from './fixtures.ts';
import { storedContent } from './site-home-helpers.ts';

// Nothing shipped as an example is published as fact: the partners' example addresses (their
// schemas' x-placeholder rules) are neither framed nor linked until the owner enters real ones.

const content = storedContent();
test.afterEach(() => content.restore());

test('a fresh site frames no example slideshow and links no example simulator', async ({
  page,
  adminDb,
}) => {
  await content.store(adminDb, 'vehicles', DEFAULT_CONTENT.vehicles);
  await content.store(adminDb, 'identity', DEFAULT_CONTENT.identity);
  await page.goto('/');
  const vehicles = page.locator('#vehicles');
  await expect(vehicles.getByRole('heading', { level: 2 })).toHaveText(
    DEFAULT_CONTENT.vehicles.title,
  );
  await expect(vehicles).toContainText(DEFAULT_CONTENT.vehicles.description);
  await expect(page.locator('iframe')).toHaveCount(0);
  const examples = [
    DEFAULT_CONTENT.vehicles.iframeUrl,
    DEFAULT_CONTENT.identity.financingSimulatorUrl,
  ];
  for (const address of examples) {
    await expect(page.locator(`[href="${address}"], [src="${address}"]`)).toHaveCount(0);
  }
  const financing = page.locator('#financement');
  await expect(financing.getByRole('heading', { level: 3 })).toHaveCount(
    DEFAULT_CONTENT.financing.options.length,
  );
  await expect(financing.getByRole('link')).toHaveCount(0);
});

test('the real partner addresses are framed and linked', async ({ page, adminDb }) => {
  await content.store(adminDb, 'vehicles', FILLED_SITE.vehicles);
  await content.store(adminDb, 'identity', FILLED_SITE.identity);
  await page.goto('/');
  const slideshow = page.locator('#vehicles iframe');
  await expect(slideshow).toHaveAttribute('src', FILLED_SITE.vehicles.iframeUrl);
  await expect(slideshow).toHaveAttribute('title', 'Diaporama des véhicules de notre partenaire');
  await expect(slideshow).toHaveAttribute('loading', 'lazy');
  await expect(
    page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Nos véhicules chez notre partenaire/ }),
  ).toHaveAttribute('href', FILLED_SITE.vehicles.iframeUrl);
  await expect(
    page.locator('#financement').getByRole('link', { name: /simulateur de notre partenaire/ }),
  ).toHaveAttribute('href', FILLED_SITE.identity.financingSimulatorUrl);
});
