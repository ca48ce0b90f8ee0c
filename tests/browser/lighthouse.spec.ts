import { blogPosts, daysFromNow, expect, test } from './site-blog-posts.ts';
import { auditPage, withChromium } from '../../bench/lighthouse.ts';

/**
 * Lighthouse (mobile settings, Debian's Chromium) on /, /blog, a second page of the blog list and
 * an article: the Accessibility and SEO categories score 100. They do not depend on timing, so they are asserted; the
 * performance figures are measured by `npm run bench:web`. The pages also run under the
 * Content-Security-Policy with no violation, and carry no executable inline script.
 */
declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

type Posts = ReturnType<typeof blogPosts>;

/** A published article with a heading, a list and an image; deleted after the test. */
async function publishArticle(posts: Posts): Promise<string> {
  const [post] = await posts.create([
    {
      title: 'Préparer sa voiture pour l’hiver',
      content:
        'Un entretien régulier évite les pannes.\n\n## Les points à vérifier\n\n- les pneus ;\n- la batterie.\n',
      excerpt: 'Nos conseils avant les grands froids.',
      image_url: '/images/hero-route.svg',
      published_at: daysFromNow(-1),
    },
  ]);
  return `/blog/${post!.slug}`;
}

const PAGES = ['/', '/blog', 'article'] as const;
type PageName = (typeof PAGES)[number];
const pathOf = async (page: PageName, posts: Posts) =>
  page === 'article' ? publishArticle(posts) : page;

test('Lighthouse scores 100 in Accessibility and SEO on /, /blog, /blog/page/2 and an article', async ({
  server,
  posts,
}) => {
  test.setTimeout(300_000);
  const article = await publishArticle(posts);
  // Enough posts for a second page of the list, with its pager.
  await posts.create(
    Array.from({ length: 12 }, (_, i) => ({
      title: `Conseil ${i + 1}`,
      excerpt: 'Un conseil de l’atelier.',
      published_at: daysFromNow(-2 - i),
    })),
  );
  await withChromium(async (chrome) => {
    for (const page of [...PAGES, '/blog/page/2']) {
      const path = page === 'article' ? article : page;
      const report = await auditPage(chrome, server.baseURL + path, ['accessibility', 'seo']);
      expect(
        report.scores.accessibility,
        `${page}: ${report.failing.accessibility.join('; ')}`,
      ).toBe(100);
      expect(report.scores.seo, `${page}: ${report.failing.seo.join('; ')}`).toBe(100);
    }
  });
});

for (const page of PAGES) {
  test(`${page} runs under the Content-Security-Policy with no violation`, async ({
    page: browserPage,
    consoleErrors,
    posts,
  }) => {
    const path = await pathOf(page, posts);
    await browserPage.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations!.push(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    const response = await browserPage.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await browserPage.waitForLoadState('networkidle');
    expect(await browserPage.evaluate(() => window.__cspViolations)).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });

  test(`${page} carries no executable inline script`, async ({ request, posts }) => {
    const html = await (await request.get(await pathOf(page, posts))).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      if (/\ssrc=/.test(attributes)) {
        expect(body.trim()).toBe('');
        continue;
      }
      // Inline blocks are data (JSON-LD, hydration data, supabase-config), never executed.
      const type = /\stype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
      expect(['application/json', 'application/ld+json'], `inline <script${attributes}>`).toContain(
        type,
      );
    }
    // Inline event handlers and javascript: URLs would be blocked, and are not written.
    expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
}
