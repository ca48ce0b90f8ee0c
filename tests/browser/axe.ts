import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * axe's WCAG 2.0–2.2 A and AA violations on the page (or only inside `include`), one line per
 * element: 'rule: target (what to fix)'; with `bestPractice`, its best-practice rules too. The
 * page must come from browser.newContext().
 */
export async function axeViolations(
  page: Page,
  include?: string,
  { bestPractice = false } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(
    bestPractice ? [...AXE_TAGS, 'best-practice'] : AXE_TAGS,
  );
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${v.help})`),
  );
}
