import type { Page } from '@playwright/test';

/**
 * A slow phone: the server's page is on screen, and used, before its script runs. Holds every
 * script of the page until the returned `release` is called.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    // A page left meanwhile dropped its request: nothing to continue.
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** Waits until the script has taken over the element: React has attached itself to it. */
export async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__react'));
  }, selector);
}
