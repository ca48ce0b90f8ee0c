// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ArticleMeta } from './article-meta.tsx';

function viewsShown(views: number | null): string {
  const html = renderToString(<ArticleMeta date="2026-03-05T10:00:00Z" views={views} />);
  const meta = new DOMParser().parseFromString(html, 'text/html');
  return meta.querySelector('.article__views')!.textContent!;
}

describe('ArticleMeta', () => {
  it('writes the view count in the singular below two, as French does', () => {
    expect(viewsShown(null)).toBe('0 vue');
    expect(viewsShown(0)).toBe('0 vue');
    expect(viewsShown(1)).toBe('1 vue');
    expect(viewsShown(2)).toBe('2 vues');
    // The thousands are grouped with the narrow no-break space of French number formats.
    expect(viewsShown(1234)).toBe('1\u202f234 vues');
  });
});
