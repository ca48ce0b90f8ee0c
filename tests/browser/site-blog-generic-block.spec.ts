import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { expect, test } from './fixtures.ts';

// The generic block shares the blog's sanitizing (src/lib/markdown): an owner's HTML is shown as
// formatting, never as script. The sections row is put back after the test.

const HOSTILE_HTML = [
  '<p onclick="window.__xss = 1"><strong>-20 %</strong> sur les freins, ',
  '<a href="javascript:window.__xss = 2">cliquez</a> ou ',
  '<a href="https://garage.example/rdv">prenez rendez-vous</a>.</p>',
  '<script>window.__xss = 3</script>',
  '<img src="/images/introuvable.png" alt="" onerror="window.__xss = 4">',
  '<svg onload="window.__xss = 5"></svg>',
  '<iframe src="javascript:window.__xss = 6"></iframe>',
].join('');

test('a section added by the owner renders its HTML sanitized', async ({ page, adminDb }) => {
  const before = await adminDb
    .from('site_content')
    .select('content')
    .eq('type', 'sections')
    .maybeSingle();
  expect(before.error).toBeNull();
  const sections = [
    ...structuredClone(DEFAULT_CONTENT.sections),
    {
      id: 'promotions',
      title: 'Nos promotions',
      order: 99,
      visible: true,
      type: 'text',
      content: HOSTILE_HTML,
    },
  ];
  const saved = await adminDb.from('site_content').upsert({ type: 'sections', content: sections });
  expect(saved.error).toBeNull();
  try {
    await page.goto('/');
    const section = page.locator('#promotions');
    await expect(section.locator('strong')).toHaveText('-20 %');
    await expect(section.getByRole('link', { name: 'prenez rendez-vous' })).toHaveAttribute(
      'href',
      'https://garage.example/rdv',
    );
    await expect(section.getByText('cliquez')).not.toHaveAttribute('href', /.*/);
    await expect(section.locator('script, iframe, svg')).toHaveCount(0);
    const handlers = await section
      .locator('*')
      .evaluateAll((nodes) =>
        nodes.flatMap((node) => node.getAttributeNames().filter((name) => name.startsWith('on'))),
      );
    expect(handlers).toEqual([]);
    await page.locator('#promotions p').click();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  } finally {
    const restored = before.data
      ? await adminDb
          .from('site_content')
          .upsert({ type: 'sections', content: before.data.content })
      : await adminDb.from('site_content').delete().eq('type', 'sections');
    expect(restored.error).toBeNull();
  }
});
