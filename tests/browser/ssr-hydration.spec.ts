import { test, expect, daysFromNow } from './site-blog-posts.ts';

// The server-rendered pages (/, /blog, an article) hydrate in place: the browser adopts the
// server's elements instead of replacing them, and React reports no mismatch.

declare global {
  interface Window {
    __serverH1?: Element | null;
  }
}

test.beforeEach(async ({ page }) => {
  // readyState turns 'interactive' once the HTML is parsed, before any module script runs.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        window.__serverH1 = document.querySelector('h1');
      }
    });
  });
});

async function expectHydratedInPlace(page: import('@playwright/test').Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const state = await page.evaluate(() => {
    const h1 = document.querySelector('h1');
    return {
      serverText: window.__serverH1?.textContent ?? null,
      same: h1 !== null && h1 === window.__serverH1,
      hydrated: h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber')),
    };
  });
  expect(state.serverText).toBeTruthy();
  expect(state.same).toBe(true);
  expect(state.hydrated).toBe(true);
}

function hydrationProblems(messages: string[]): string[] {
  return messages.filter((text) =>
    /hydrat|did not match|server rendered|#418|#423|#425/i.test(text),
  );
}

test('the three public pages hydrate with no warning', async ({ page, posts }) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));

  const [post] = await posts.create([
    {
      title: 'Hydratation sans accroc',
      content:
        '## Un titre\n\nDu **gras**, une [lien](https://example.org) et une liste :\n\n- un\n- deux',
      excerpt: 'Un article pour le test de rendu serveur.',
      image_url: '/images/service-freins.svg',
      published_at: daysFromNow(-1),
    },
  ]);

  for (const path of ['/', '/blog', `/blog/${post!.slug}`]) {
    await page.goto(path);
    await expectHydratedInPlace(page);
  }
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hydratation sans accroc');
  await expect(page.locator('.article__content strong')).toHaveText('gras');
  expect(hydrationProblems(messages)).toEqual([]);
  expect(messages).toEqual([]);
});

test('the HTML holds the content before any script runs', async ({ browser, posts }) => {
  const [post] = await posts.create([
    {
      title: 'Visible sans JavaScript',
      content: 'Texte **lisible**.',
      published_at: daysFromNow(-1),
    },
  ]);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await expect(page.locator('#hero-title')).not.toBeEmpty();
    await expect(page.locator('#horaires')).toContainText('Du lundi au vendredi');
    await expect(page.locator('#contact a[href^="tel:"]')).toBeVisible();
    await expect(page.locator('#blog')).toContainText('Visible sans JavaScript');

    await page.goto('/blog');
    await expect(page.getByRole('link', { name: /Visible sans JavaScript/ })).toBeVisible();

    await page.goto(`/blog/${post!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Visible sans JavaScript');
    await expect(page.locator('.article__content strong')).toHaveText('lisible');
    await expect(page).toHaveTitle(/Visible sans JavaScript/);
  } finally {
    await context.close();
  }
});
