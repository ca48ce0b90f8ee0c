import type { Page } from '@playwright/test';
import type { AlertContent, ModalContent } from '../../src/content/generated/types.ts';
import { FORMS } from '../../src/content/generated/forms.ts';
import { expect, test } from './fixtures.ts';
import { axeViolations, freshPage, storedContent } from './site-home-helpers.ts';
import { hydrated } from './held-scripts.ts';
import { rewriteShell, withoutHydrationData } from './html-rewrite.ts';

const content = storedContent();
test.afterEach(() => content.restore());

const ALERT: AlertContent = {
  active: true,
  message: 'Le garage sera fermé le lundi 14 juillet.',
  type: 'warning',
  permanent: false,
};

const POPUP: ModalContent = {
  active: true,
  title: 'Fermeture estivale',
  message: 'Le garage sera fermé du 4 au 18 août.\nBonnes vacances !',
};

const alertOf = (page: Page) => page.locator('.alert-banner');
const dialogOf = (page: Page) => page.getByRole('dialog', { name: POPUP.title });

test.describe('the alert', () => {
  test('hides itself after 10 seconds', async ({ page, adminDb, consoleErrors }) => {
    await content.store(adminDb, 'alert', ALERT);
    await page.clock.install();
    await page.goto('/');
    const alert = page.getByRole('status').filter({ hasText: ALERT.message });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Avertissement');
    // It sits at the top of the page, in the fixed header.
    await expect(page.getByRole('banner').locator('.alert-banner')).toBeVisible();

    // The 10 seconds start once the script runs. From then on only the test moves the page's
    // time (one second at once here): what a busy machine adds before the pause stays well within
    // the margin of 2 seconds.
    await hydrated(page, '.alert-banner');
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await page.clock.runFor(7_000);
    await expect(alert).toBeVisible();
    await page.clock.runFor(2_500);
    await expect(alert).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('stays when permanent, until the visitor closes it', async ({ page, adminDb }) => {
    await content.store(adminDb, 'alert', { ...ALERT, permanent: true });
    await page.clock.install();
    await page.goto('/');
    await expect(alertOf(page)).toBeVisible();
    await page.clock.runFor(60_000);
    await expect(alertOf(page)).toBeVisible();
    await page.getByRole('button', { name: "Fermer l'alerte" }).click();
    await expect(alertOf(page)).toHaveCount(0);
  });

  test('closes early with its button, and shows on the blog pages too', async ({
    page,
    adminDb,
  }) => {
    await content.store(adminDb, 'alert', { ...ALERT, type: 'info' });
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: ALERT.message })).toContainText(
      'Information',
    );
    await page.getByRole('button', { name: "Fermer l'alerte" }).click();
    await expect(alertOf(page)).toHaveCount(0);

    await page.goto('/blog');
    await expect(alertOf(page)).toContainText(ALERT.message);
  });

  test('each kind has its own look; an emergency interrupts (role alert)', async ({
    page,
    adminDb,
  }) => {
    const looks = new Map<string, string>();
    for (const type of ['info', 'warning', 'error'] as const) {
      await content.store(adminDb, 'alert', { ...ALERT, type, permanent: true });
      await page.goto('/');
      await expect(alertOf(page)).toHaveClass(new RegExp(`alert-banner--${type}`));
      await expect(alertOf(page)).toHaveAttribute('role', type === 'error' ? 'alert' : 'status');
      looks.set(type, await alertOf(page).evaluate((el) => getComputedStyle(el).backgroundColor));
    }
    expect(new Set(looks.values()).size).toBe(3);
    await expect(page.getByRole('alert').filter({ hasText: ALERT.message })).toContainText(
      'Urgence',
    );
  });

  test('never covers the title of a section the menu scrolls to', async ({ page, adminDb }) => {
    await content.store(adminDb, 'alert', { ...ALERT, permanent: true });
    await page.goto('/');
    const alertHeight = await alertOf(page).evaluate((el) => el.getBoundingClientRect().height);
    expect(alertHeight).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Horaires' })
      .click();
    await expect
      .poll(() => page.locator('#horaires').evaluate((el) => el.getBoundingClientRect().top))
      .toBeCloseTo(80 + alertHeight, 0);
  });

  test('is not shown when inactive or without a message', async ({ page, adminDb }) => {
    await content.store(adminDb, 'alert', { ...ALERT, active: false, permanent: true });
    await page.goto('/');
    await expect(page.locator('#hero h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(alertOf(page)).toHaveCount(0);

    // An active alert without a message is refused by the database (schemas/alert.schema.json):
    // the inactive one stays, and the site still shows nothing.
    await expect(
      content.store(adminDb, 'alert', { ...ALERT, message: '   ', permanent: true }),
    ).rejects.toMatchObject({
      message: expect.stringContaining(FORMS.alert.schema.then.properties.message['x-message']),
    });
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(alertOf(page)).toHaveCount(0);
  });
});

test.describe('the pop-up', () => {
  /**
   * Requests that would change stored data: a visitor must send none
   * (docs/decisions/004-visits-and-popup.md).
   */
  function watchWrites(page: Page): string[] {
    const writes: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET' && !url.pathname.startsWith('/functions/v1/recordVisit')) {
        writes.push(`${request.method()} ${url.pathname}`);
      }
    });
    return writes;
  }

  const closings: [string, (page: Page) => Promise<void>][] = [
    ['the X', (page) => dialogOf(page).getByRole('button', { name: 'Fermer la fenêtre' }).click()],
    [
      "'Fermer'",
      (page) => dialogOf(page).getByRole('button', { name: 'Fermer', exact: true }).click(),
    ],
    ['Escape', (page) => page.keyboard.press('Escape')],
    ['the backdrop', (page) => page.mouse.click(5, 400)],
  ];

  for (const [way, close] of closings) {
    test(`closes with ${way}, for this browser only and until its content changes`, async ({
      page,
      adminDb,
      consoleErrors,
    }) => {
      await content.store(adminDb, 'modal', POPUP);
      const writes = watchWrites(page);
      await page.goto('/');
      const dialog = dialogOf(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute('aria-modal', 'true');
      await expect(dialog).toContainText('Bonnes vacances !');
      await expect(dialog).toBeFocused();

      await close(page);
      await expect(dialog).toHaveCount(0);

      // Closed for this browser: a reload does not bring it back...
      await page.reload();
      await expect(page.locator('#hero h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(dialogOf(page)).toHaveCount(0);
      // ...the stored pop-up is still active for everyone else...
      const stored = await adminDb.from('site_content').select('content').eq('type', 'modal');
      expect(stored.data?.[0]?.content).toMatchObject({ active: true });
      expect(writes).toEqual([]);

      // ...and a new message shows again.
      await content.store(adminDb, 'modal', { ...POPUP, message: 'Nouveaux horaires dès lundi.' });
      await page.reload();
      await expect(dialogOf(page)).toContainText('Nouveaux horaires dès lundi.');
      expect(consoleErrors).toEqual([]);
    });
  }

  test('a click inside the box does not close it', async ({ page, adminDb }) => {
    await content.store(adminDb, 'modal', POPUP);
    await page.goto('/');
    await dialogOf(page).getByText('Bonnes vacances !').click();
    await expect(dialogOf(page)).toBeVisible();
  });

  test('keeps focus inside while open and gives it back when closed', async ({ page, adminDb }) => {
    await content.store(adminDb, 'modal', POPUP);
    // Hold the content (read by the browser itself here) until the visitor has focused something.
    await rewriteShell(page, withoutHydrationData);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested!: () => void;
    const asked = new Promise<void>((resolve) => (requested = resolve));
    await page.route('**/rest/v1/site_content*', async (route) => {
      requested();
      await held;
      await route.continue();
    });
    await page.goto('/');
    // The read starts once React has taken over the page: focusing earlier could land on a
    // server-rendered link that React replaces.
    await asked;
    const skipLink = page.getByRole('link', { name: 'Aller au contenu' });
    await skipLink.focus();
    release();

    const dialog = dialogOf(page);
    await expect(dialog).toBeFocused();
    const x = dialog.getByRole('button', { name: 'Fermer la fenêtre' });
    const fermer = dialog.getByRole('button', { name: 'Fermer', exact: true });
    await page.keyboard.press('Tab');
    await expect(x).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(fermer).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(x).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(fermer).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(x).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(skipLink).toBeFocused();
  });

  test('with nothing focused before, closing puts focus at the start of the content', async ({
    page,
    adminDb,
  }) => {
    await content.store(adminDb, 'modal', POPUP);
    await page.goto('/');
    await dialogOf(page).getByRole('button', { name: 'Fermer', exact: true }).click();
    await expect(dialogOf(page)).toHaveCount(0);
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    // The first link of the content: the hero's first call to action.
    await expect(page.locator('#hero a').first()).toBeFocused();
  });

  test('is not shown when inactive or without a message', async ({ page, adminDb }) => {
    await content.store(adminDb, 'modal', { ...POPUP, active: false });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // An active pop-up without a message is refused by the database (schemas/modal.schema.json):
    // the inactive one stays, and the site still shows nothing.
    await expect(content.store(adminDb, 'modal', { ...POPUP, message: ' ' })).rejects.toMatchObject(
      {
        message: expect.stringContaining(FORMS.modal.schema.then.properties.message['x-message']),
      },
    );
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('axe finds no WCAG A or AA violation with the alert and the pop-up shown', async ({
  browser,
  adminDb,
}) => {
  // Four audits of the whole home page: more than the default time on a busy machine.
  test.setTimeout(90_000);
  const page = await freshPage(browser);
  for (const type of ['info', 'warning', 'error'] as const) {
    await content.store(adminDb, 'alert', { ...ALERT, type, permanent: true });
    await content.store(adminDb, 'modal', { ...POPUP, title: `Information ${type}` });
    await page.goto('/');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.locator('.alert-banner')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page), type).toEqual([]);
  }
  // The pop-up closed, the alert still there.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.context().close();
});
