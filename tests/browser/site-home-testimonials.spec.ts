import type { APIRequestContext } from '@playwright/test';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { Section } from '../../src/content/generated/types.ts';
import { SECTION_TYPES } from '../../src/content/section-types.ts';
import { readContent, useAdminSession, writeContent } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * Customer reviews, a section type added the declared-once way: the owner adds the section and
 * its reviews, and a visitor (or a screen reader) sees them on the home page.
 */

const session = useAdminSession('site-home-testimonials');
const ANCHOR = SECTION_TYPES.testimonials.anchor;

const REVIEWS = {
  title: 'Ce que disent nos clients',
  checking: DEFAULT_CONTENT.testimonials.checking,
  order: 'newest-first',
  reviews: [
    {
      author: 'Marie L.',
      quote: 'Accueil parfait, devis respecté.',
      rating: 5,
      date: '2026-03-14',
      experienceDate: '2026-03-02',
    },
    { author: 'Karim B.', quote: 'Réparation rapide et bien expliquée.', rating: 4 },
  ],
};

let headers: Record<string, string>;
let saved: { sections?: Section[]; testimonials?: unknown } = {};

async function arrange(request: APIRequestContext, anonKey: string) {
  headers = session.apiHeaders(anonKey);
  saved = {
    sections: await readContent<Section[]>(request, headers, 'sections'),
    testimonials: await readContent(request, headers, 'testimonials'),
  };
  await writeContent(request, headers, 'testimonials', REVIEWS);
  await writeContent(request, headers, 'sections', [
    ...DEFAULT_CONTENT.sections,
    { id: 'avis-clients', title: 'Avis', order: 99, visible: true, type: 'testimonials' },
  ]);
}

test.afterEach(async ({ request }) => {
  await writeContent(request, headers, 'sections', saved.sections);
  await writeContent(request, headers, 'testimonials', saved.testimonials);
});

test('the reviews show on the home page, their ratings read as sentences', async ({
  browser,
  request,
}) => {
  const page = await session.newPage(browser);
  try {
    await page.goto('/');
    const config = await page.locator('#supabase-config').textContent();
    await arrange(request, (JSON.parse(config!) as { anonKey: string }).anonKey);

    await page.goto('/');
    const section = page.locator(`#${ANCHOR}`);
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(REVIEWS.title);
    await expect(section.locator('blockquote')).toHaveText(REVIEWS.reviews.map((r) => r.quote));
    await expect(section.getByRole('img')).toHaveCount(REVIEWS.reviews.length);
    for (const review of REVIEWS.reviews) {
      await expect(
        section.getByRole('img', { name: `Note : ${review.rating} sur 5` }),
      ).toBeVisible();
    }
    await expect(section.locator('figcaption')).toHaveText(['Marie L.', 'Karim B.']);
    // Next to the reviews, what the law asks: each one's dates, how they are checked, their order.
    await expect(section.locator('.testimonial__dates').first()).toHaveText(
      'Avis du 14 mars 2026, prestation du 2 mars 2026',
    );
    await expect(section).toContainText(REVIEWS.checking);
    await expect(section).toContainText('Avis classés du plus récent au plus ancien');
    // The menu leads to it, as to every section.
    await expect(page.locator(`a[href="#${ANCHOR}"]`).first()).toBeAttached();
    expect(await axeViolations(page, `#${ANCHOR}`)).toEqual([]);
  } finally {
    await page.context().close();
  }
});
