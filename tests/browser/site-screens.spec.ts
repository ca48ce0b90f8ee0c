import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { test, expect, daysFromNow } from './site-blog-posts.ts';
import { layoutProblems } from './layout-problems.ts';
import { storedContent } from './site-home-helpers.ts';

/**
 * The public pages as a visitor sees them, at the widths of phones, tablets, laptops and large
 * screens: one screenshot of each in SCREENS_DIR (named in the README) for a person to look at,
 * and the layout faults a screenshot would show, checked by the test.
 */
const WIDTHS = [360, 390, 768, 1024, 1366, 1920];
const HEIGHT = 800;
const SCREENS_DIR = 'test-results/screens';

/** Below this width phones get the fixed call button (site.css: 47.99rem). */
const PHONE_MAX_WIDTH = 767;

/** Pictures shown twice in one section (a hidden carousel slide counts: it comes round). */
async function repeatedPictures(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main section')].flatMap((section) => {
      const sources = [...section.querySelectorAll('img')].map((img) => img.getAttribute('src'));
      return sources
        .filter((src, index) => src && sources.indexOf(src) !== index)
        .map((src) => `${section.id} : ${src}`);
    }),
  );
}

async function screenshot(page: Page, name: string, width: number): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-${width}.png`, fullPage: true });
  // What shows before any scroll, as the visitor first sees it.
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-${width}-ecran.png` });
}

/** Every width: no layout fault, then the screenshot. */
async function checkAtEveryWidth(
  page: Page,
  name: string,
  path: string,
  more?: (width: number) => Promise<void>,
): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const width of WIDTHS) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      expect(await layoutProblems(page), `${path} à ${width} px`).toEqual([]);
      await screenshot(page, name, width);
      await more?.(width);
    });
  }
}

test.describe.configure({ timeout: 180_000 });

const content = storedContent();
test.afterEach(() => content.restore());

test('the home page at every width', async ({ page, adminDb }) => {
  // An emergency alert in the header, as the owner may post one: its icon is drawn, and the
  // menu's jumps still leave the titles below the taller header.
  await content.store(adminDb, 'alert', {
    active: true,
    type: 'error',
    permanent: true,
    message: 'Atelier fermé exceptionnellement ce samedi.',
  });
  await checkAtEveryWidth(page, 'accueil', '/', async (width) => {
    await expect(page.locator('.alert-banner__icon svg')).toBeVisible();
    expect(await repeatedPictures(page)).toEqual([]);

    // The hero's text reads at AA contrast, which axe can compute (nothing left "incomplete"),
    // while its picture shows.
    const axe = await new AxeBuilder({ page })
      .include('#hero')
      .withRules(['color-contrast'])
      .analyze();
    const nodes = (results: typeof axe.violations) =>
      results.flatMap((v) =>
        v.nodes.map((n) => `${n.target.join(' ')} : ${n.any.map((c) => c.message).join(' ')}`),
      );
    expect(nodes(axe.violations)).toEqual([]);
    expect(nodes(axe.incomplete)).toEqual([]);
    expect(
      await page.locator('.hero__image').evaluate((img) => Number(getComputedStyle(img).opacity)),
    ).toBe(1);

    // On a phone the call button stays at the bottom of the window, and leaves the footer's
    // text readable once scrolled to the end.
    const call = page.locator('.call-bar').getByRole('link', { name: /Appeler/ });
    if (width <= PHONE_MAX_WIDTH) {
      await expect(call).toBeInViewport();
      await expect(call).toHaveAttribute('href', /^tel:\+?\d+$/);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(call).toBeInViewport();
      const footerText = await page.locator('.site-footer__inner').boundingBox();
      const bar = await page.locator('.call-bar').boundingBox();
      expect((footerText?.y ?? 0) + (footerText?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
      await call.focus();
      await expect(call).toBeFocused();
      await page.evaluate(() => window.scrollTo(0, 0));
    } else {
      await expect(call).toBeHidden();
    }

    // A menu jump lands each section's title below the fixed header; a phone's open menu is
    // opaque over the hero.
    const header = page.locator('.site-header');
    const toggle = page.getByRole('button', { name: 'Menu' });
    // Read from the markup: a phone's closed menu hides its links. The sections' only: the last
    // entry leads to the request form's page.
    const anchors = await page
      .locator('.site-header__nav a[href^="#"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')?.slice(1) ?? ''));
    expect(anchors.length).toBeGreaterThan(1);
    for (const anchor of [anchors[1], anchors[anchors.length - 1]]) {
      if (!anchor) continue;
      if (await toggle.isVisible()) {
        await toggle.click();
        expect(await header.evaluate((node) => getComputedStyle(node).backgroundColor)).not.toMatch(
          /rgba\(.*,\s*0?\.\d+\)$/,
        );
        if (anchor === anchors[1]) await screenshot(page, 'accueil-menu-ouvert', width);
      }
      await page.locator(`.site-header__nav a[href="#${anchor}"]`).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${anchor}`);
      const headerBottom = await header.evaluate((node) => node.getBoundingClientRect().bottom);
      const titleTop = await page
        .locator(`[id="${anchor}"] :is(h1, h2)`)
        .first()
        .evaluate((node) => node.getBoundingClientRect().top);
      expect(titleTop, `#${anchor} à ${width} px`).toBeGreaterThanOrEqual(headerBottom);
    }
  });
});

test('the blog, an article, the empty blog and the not-found page at every width', async ({
  page,
  posts,
  serviceDb,
}) => {
  const [post] = await posts.create(
    [1, 2, 3, 4].map((n) => ({
      title: `Bien entretenir sa voiture avant l’hiver, épisode ${n}`,
      excerpt: 'Batterie, pneus, liquide de refroidissement : ce qu’il faut vérifier.',
      content: `## Avant le froid\n\n${'Un entretien régulier évite les pannes. '.repeat(20)}`,
      published_at: daysFromNow(-n),
    })),
  );
  await checkAtEveryWidth(page, 'blog', '/blog');
  await checkAtEveryWidth(page, 'article', `/blog/${post?.slug ?? ''}`);
  await checkAtEveryWidth(page, 'page-introuvable', '/cette-page-n-existe-pas');

  // The empty blog: every post set aside, then put back as it was (other test files use the same server).
  const all = await serviceDb.from('blog_posts').select('*');
  if (all.error) throw all.error;
  const rows = all.data as { id: string }[];
  if (rows.length > 0) {
    const removed = await serviceDb
      .from('blog_posts')
      .delete()
      .in(
        'id',
        rows.map((row) => row.id),
      );
    if (removed.error) throw removed.error;
  }
  const putBack = async () => {
    if (rows.length === 0) return;
    const restored = await serviceDb.from('blog_posts').insert(rows);
    if (restored.error) throw restored.error;
  };
  await checkAtEveryWidth(page, 'blog-vide', '/blog', async () => {
    await expect(page.getByText("Aucun article n'est disponible pour le moment.")).toBeVisible();
  }).then(putBack, async (error: unknown) => {
    await putBack();
    throw error;
  });
});

test('the request form at every width', async ({ page }) => {
  await checkAtEveryWidth(page, 'rendez-vous', '/rendez-vous', async (width) => {
    const bar = page.locator('.call-bar');
    const links = bar.getByRole('link');
    if (width > PHONE_MAX_WIDTH) {
      await expect(bar).toBeHidden();
      return;
    }
    // On the form's own page, « Appeler » alone, with the number, in full while the page scrolls.
    await expect(links).toHaveText([/Appeler\s+\d/]);
    for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
    // Nothing of the form hides under the bar: its last control can be brought above it.
    const submit = page.getByRole('button', { name: 'Envoyer ma demande' });
    await submit.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const button = await submit.boundingBox();
    const barBox = await bar.boundingBox();
    expect((button?.y ?? 0) + (button?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
    const footerText = await page.locator('.site-footer__inner').boundingBox();
    const end = await bar.boundingBox();
    expect((footerText?.y ?? 0) + (footerText?.height ?? 0)).toBeLessThanOrEqual(end?.y ?? 0);
  });
});
