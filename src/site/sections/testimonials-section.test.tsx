// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { TestimonialsSection } from './testimonials-section.tsx';

function render(content = DEFAULT_CONTENT.testimonials): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<TestimonialsSection content={content} />);
  return root;
}

describe('TestimonialsSection', () => {
  const content = {
    title: 'Ce que disent nos clients',
    reviews: [
      {
        author: 'Marie L.',
        quote: 'Accueil parfait,\ndevis respecté.',
        rating: 5,
        date: '2026-03-14',
      },
      { author: 'Karim B.', quote: 'Réparation rapide.', rating: 3 },
    ],
  };

  it('shows each review under the section’s anchor and title, with its author and date', () => {
    const root = render(content);
    const section = root.querySelector('section')!;
    expect(section.id).toBe(SECTION_TYPES.testimonials.anchor);
    expect(section.querySelector('h2')?.textContent).toBe('Ce que disent nos clients');
    const items = [...root.querySelectorAll('li')];
    expect(items.map((li) => li.querySelector('blockquote')?.textContent)).toEqual([
      'Accueil parfait,\ndevis respecté.',
      'Réparation rapide.',
    ]);
    expect(items.map((li) => li.querySelector('figcaption')?.textContent)).toEqual([
      'Marie L., mars 2026',
      'Karim B.',
    ]);
    expect(items[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-14');
  });

  it('gives screen readers the rating as a sentence, and draws as many filled stars', () => {
    const ratings = [...render(content).querySelectorAll('[role="img"]')];
    expect(ratings.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Note : 5 sur 5',
      'Note : 3 sur 5',
    ]);
    const filled = (r: Element) =>
      [...r.querySelectorAll('path')].filter((p) => p.getAttribute('fill') !== 'none').length;
    expect(ratings.map(filled)).toEqual([5, 3]);
    // The stars themselves are not read out one by one.
    for (const svg of ratings.flatMap((r) => [...r.querySelectorAll('svg')])) {
      expect(svg.getAttribute('aria-hidden')).toBe('true');
    }
  });

  it('says there is no review yet when the list is empty (the default)', () => {
    expect(DEFAULT_CONTENT.testimonials.reviews).toEqual([]);
    const root = render();
    expect(root.querySelector('ul')).toBeNull();
    expect(root.querySelector('p')?.textContent).toBe('Aucun avis pour le moment.');
  });

  it('carries no review markup for search engines', () => {
    const html = renderToString(<TestimonialsSection content={content} />);
    expect(html).not.toMatch(/itemprop|itemtype|application\/ld\+json/);
  });
});
