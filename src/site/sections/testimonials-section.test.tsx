// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import type { TestimonialsContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { TestimonialsSection } from './testimonials-section.tsx';

function render(content: TestimonialsContent = DEFAULT_CONTENT.testimonials): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<TestimonialsSection content={content} />);
  return root;
}

const CHECKING =
  "Les avis sont recueillis par le garage auprès de ses clients ; ils ne font pas l'objet d'une vérification par un tiers.";

describe('TestimonialsSection', () => {
  const content: TestimonialsContent = {
    title: 'Ce que disent nos clients',
    checking: CHECKING,
    order: 'as-listed',
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

  it('shows each review under the section’s anchor and title, with its author', () => {
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
      'Marie L.',
      'Karim B.',
    ]);
  });

  it('shows the date of each review and of the repair it is about, when known', () => {
    const root = render({
      ...content,
      reviews: [
        { ...content.reviews[0]!, experienceDate: '2026-03-02' },
        { author: 'Lou', quote: 'Vidange faite.', rating: 4, experienceDate: '2025-12-01' },
        { author: 'Karim B.', quote: 'Réparation rapide.', rating: 3 },
        { author: 'Ana', quote: 'Très bien.', rating: 5, date: '2026-01-09' },
      ],
    });
    const dates = [...root.querySelectorAll('li')].map(
      (li) => li.querySelector('.testimonial__dates')?.textContent ?? null,
    );
    expect(dates).toEqual([
      'Avis du 14 mars 2026, prestation du 2 mars 2026',
      'Prestation du 1er décembre 2025',
      null,
      'Avis du 9 janvier 2026',
    ]);
    const times = [...root.querySelectorAll('li:first-child time')];
    expect(times.map((t) => t.getAttribute('datetime'))).toEqual(['2026-03-14', '2026-03-02']);
  });

  it('says next to the reviews how they are checked and in which order they are shown', () => {
    const root = render(content);
    const terms = [...root.querySelectorAll('.testimonials__terms p')].map((p) => p.textContent);
    expect(terms).toEqual([CHECKING, 'Avis présentés dans l’ordre choisi par le garage.']);
    const own = render({ ...content, checking: 'Chaque avis est relu par notre équipe.' });
    expect(own.querySelector('.testimonials__terms p')?.textContent).toBe(
      'Chaque avis est relu par notre équipe.',
    );
  });

  it('orders by date, newest first, the undated last in the owner’s order, and says so', () => {
    const review = (author: string, date?: string) => ({
      author,
      quote: `Avis de ${author}`,
      rating: 5,
      ...(date && { date }),
    });
    const root = render({
      ...content,
      order: 'newest-first',
      reviews: [
        review('A', '2025-06-01'),
        review('B'),
        review('C', '2026-02-10'),
        review('D'),
        review('E', '2025-11-30'),
      ],
    });
    expect([...root.querySelectorAll('figcaption')].map((f) => f.textContent)).toEqual([
      'C',
      'E',
      'A',
      'B',
      'D',
    ]);
    expect(root.querySelector('.testimonials__terms')?.textContent).toContain(
      'Avis classés du plus récent au plus ancien, selon leur date ; les avis sans date viennent en dernier.',
    );
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
    expect(DEFAULT_CONTENT.testimonials.checking).toBe(CHECKING);
    expect(DEFAULT_CONTENT.testimonials.order).toBe('newest-first');
    const root = render();
    expect(root.querySelector('ul')).toBeNull();
    expect(root.querySelector('p')?.textContent).toBe('Aucun avis pour le moment.');
  });

  it('carries no review markup for search engines', () => {
    const html = renderToString(<TestimonialsSection content={content} />);
    expect(html).not.toMatch(/itemprop|itemtype|application\/ld\+json/);
  });
});
