import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { REQUEST_MENU_LABEL } from '../../src/site/request/request-route.ts';
import { expect, test } from './fixtures.ts';
import { hydrated, holdScripts } from './held-scripts.ts';
import { readServerInfo } from './server-info.ts';
import { axeViolations, freshPage, storedContent } from './site-home-helpers.ts';

const content = storedContent();
test.afterEach(() => content.restore());

const scrollTo = (top: number) => `window.scrollTo({ top: ${top}, behavior: 'instant' })` as const;

test.describe('the header', () => {
  test('a menu link brings its section 80 px below the top, and focus with it', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    for (const [name, anchor] of [
      ['Horaires', 'horaires'],
      ['Paiement en plusieurs fois', 'payment-calculator'],
      ['Services', 'services'],
    ] as const) {
      await menu.getByRole('link', { name }).click();
      await expect
        .poll(() => page.locator(`#${anchor}`).evaluate((el) => el.getBoundingClientRect().top))
        .toBeCloseTo(80, 0);
      await expect(page).toHaveURL(new RegExp(`#${anchor}$`));
      await expect(page.locator(`#${anchor}`)).toBeFocused();
    }
    expect(consoleErrors).toEqual([]);
  });

  test('the header darkens past 100 px of scroll', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header.site-header');
    const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    const light = await background();

    await page.evaluate(scrollTo(100));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(scrollTo(101));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(background).toBe('rgb(10, 27, 46)');
    expect(light).not.toBe('rgb(10, 27, 46)');

    await page.evaluate(scrollTo(0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('on a phone the menu opens with its toggle and closes on a choice', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The ten sections shown by default, and the request form.
    await expect(menu.getByRole('link')).toHaveCount(11);
    await menu.getByRole('link', { name: 'Contact' }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('on a slow phone, a menu opened before the script ran stays open once it runs', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await page.getByText('Menu', { exact: true }).click();
    await expect(menu).toBeVisible();

    release();
    await hydrated(page, 'header.site-header');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();
  });

  test('on a 390 px phone without JavaScript, « Menu » opens and closes the menu', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: readServerInfo().baseURL,
      locale: 'fr-FR',
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu).toBeHidden();
    const toggle = page.getByText('Menu', { exact: true });
    await expect(toggle).toBeVisible();

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveCount(11);
    await expect(menu.getByRole('link', { name: REQUEST_MENU_LABEL })).toBeInViewport();
    // With the keyboard too: the menu's switch takes focus and opens it with Space.
    await toggle.click();
    await expect(menu).toBeHidden();
    await page.getByRole('checkbox', { name: 'Menu' }).focus();
    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();

    await menu.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/#contact$/);
    await toggle.click();
    await expect(menu).toBeHidden();
    await context.close();
  });

  test('blog pages show their own header, not the home menu', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
    await expect(page.locator('header.site-header')).toHaveCount(0);
  });
});

test.describe('the services carousel', () => {
  const alts = DEFAULT_CONTENT.services.carouselImages.map((slide) => slide.alt);

  test('moves on every 3 seconds, and stays still once paused', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Nos réalisations en images' });
    const shown = carousel.getByRole('img');
    await expect(shown).toHaveAttribute('alt', alts[0]!);

    await page.clock.runFor(3_000);
    await expect(shown).toHaveAttribute('alt', alts[1]!);
    await page.clock.runFor(3_000);
    await expect(shown).toHaveAttribute('alt', alts[2]!);
    await page.clock.runFor(3_000);
    await expect(shown).toHaveAttribute('alt', alts[0]!);
    await expect(carousel.getByRole('button', { name: /Afficher l'image 1/ })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await carousel.getByRole('button', { name: 'Mettre en pause' }).click();
    const play = carousel.getByRole('button', { name: 'Lancer le défilement' });
    await expect(play).toBeVisible();
    // Pointer and focus leave, so only the button holds it still.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(9_000);
    await expect(shown).toHaveAttribute('alt', alts[0]!);

    await play.click();
    await expect(carousel.getByRole('button', { name: 'Mettre en pause' })).toBeVisible();
    await page.clock.runFor(3_000);
    await expect(shown).toHaveAttribute('alt', alts[1]!);
  });

  test('does not move by itself for visitors who asked for less motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Nos réalisations en images' });
    await expect(carousel.getByRole('button', { name: 'Lancer le défilement' })).toBeVisible();
    await page.clock.runFor(9_000);
    await expect(carousel.getByRole('img')).toHaveAttribute('alt', alts[0]!);

    await carousel.getByRole('button', { name: /Afficher l'image 3/ }).click();
    await expect(carousel.getByRole('img')).toHaveAttribute('alt', alts[2]!);
  });
});

test('financing offers the partner simulator for each option', async ({ page, adminDb }) => {
  const simulator = 'https://simulateur.cofinauto.fr/garage-du-pont';
  await content.store(adminDb, 'identity', {
    ...DEFAULT_CONTENT.identity,
    financingSimulatorUrl: simulator,
  });
  await page.goto('/');
  const financing = page.locator('#financement');
  const links = financing.getByRole('link', { name: /Simuler mon financement/ });
  await expect(links).toHaveCount(3);
  await expect(links.first()).toHaveAccessibleName(
    'Simuler mon financement (Crédit classique, chez notre partenaire, nouvel onglet)',
  );
  for (const link of await financing.getByRole('link').all()) {
    await expect(link).toHaveAttribute('href', simulator);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test('the footer has the year, the stored partner slideshow and a way back up', async ({
  page,
  adminDb,
}) => {
  const slideshow = 'https://annonces.mon-partenaire-auto.fr/garage-du-pont';
  await content.store(adminDb, 'identity', {
    ...DEFAULT_CONTENT.identity,
    vehiclesSlideshowUrl: slideshow,
  });
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Garage indépendant`);
  await expect(
    footer.getByRole('link', { name: /Nos véhicules chez notre partenaire/ }),
  ).toHaveAttribute('href', slideshow);

  await page.evaluate(scrollTo(100_000));
  await footer.getByRole('link', { name: 'Retour en haut' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the home page has one h1, its landmarks, and fits a phone with its menu open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('#payment-calculator input').fill('1000');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('axe finds no WCAG A or AA violation on the home page', async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto('/');
  await expect(page.locator('#blog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page)).toEqual([]);

  // With the calculator's results, then its error.
  const amount = page.locator('#payment-calculator input');
  await amount.fill('1000');
  await expect(page.locator('.calculator__plan')).toHaveCount(3);
  expect(await axeViolations(page)).toEqual([]);
  await amount.fill('abc');
  await expect(page.locator('.calculator__error')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Scrolled (dark header), and on a phone with the menu open.
  await page.evaluate(scrollTo(400));
  await expect(page.locator('header.site-header')).toHaveAttribute('data-scrolled', 'true');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Menu' }).click();
  expect(await axeViolations(page)).toEqual([]);
  await page.context().close();
});
