import type { Page } from '@playwright/test';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { chunkFile } from './manifest.ts';
import { storedContent } from './site-home-helpers.ts';
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

/** The paths of the scripts the page requests from now on. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const PARSERS = ['src/lib/markdown/markdown.tsx', 'src/lib/markdown/safe-html.tsx'];

test.describe('server-rendered bodies', () => {
  const content = storedContent();
  test.afterEach(() => content.restore());

  test('hydrate as the server rendered them, without downloading a parser', async ({
    page,
    posts,
    adminDb,
  }) => {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    const [post] = await posts.create([
      {
        title: 'Corps adopté',
        content: 'Un texte **rendu** par le serveur, avec [un lien](/blog).',
        published_at: daysFromNow(-1),
      },
    ]);
    await content.store(adminDb, 'sections', [
      ...DEFAULT_CONTENT.sections,
      {
        id: 'promotions',
        title: 'Nos promotions',
        order: 99,
        visible: true,
        type: 'text' as const,
        content: '<p><strong>-20 %</strong> sur les freins</p>',
      },
    ]);
    const scripts = watchScripts(page);

    for (const [path, body] of [
      [`/blog/${post!.slug}`, '.article__content'],
      ['/', '#promotions .safe-html'],
    ] as const) {
      await page.goto(path);
      const serverBody = await page.locator(body).elementHandle();
      await page.waitForLoadState('networkidle');
      const state = await serverBody!.evaluate((element) => ({
        attached: element.isConnected,
        hydrated: Object.keys(element).some((key) => key.startsWith('__reactFiber')),
      }));
      expect(state, path).toEqual({ attached: true, hydrated: true });
    }
    await expect(page.locator('#promotions strong')).toHaveText('-20 %');
    expect(scripts.filter((script) => PARSERS.map(chunkFile).includes(script))).toEqual([]);
    expect(messages).toEqual([]);
  });
});

test('a link to an article renders its markdown in the browser', async ({ page, posts }) => {
  const [post] = await posts.create([
    {
      title: 'Lu depuis la liste',
      content: '## Un intertitre\n\nDu texte en *italique*.',
      excerpt: 'Un article ouvert depuis la liste.',
      published_at: daysFromNow(-1),
    },
  ]);
  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  const scripts = watchScripts(page);
  await page
    .getByRole('link', { name: new RegExp(post!.title) })
    .first()
    .click();
  await expect(page).toHaveURL(`/blog/${post!.slug}`);
  const body = page.locator('.article__content');
  await expect(body.getByRole('heading', { level: 2 })).toHaveText('Un intertitre');
  await expect(body.locator('em')).toHaveText('italique');
  expect(scripts).toContain(chunkFile('src/lib/markdown/markdown.tsx'));
});
