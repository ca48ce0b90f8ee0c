// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import type { PricingContent } from '../../content/generated/types.ts';
import { LabourPricesNotice } from '../pricing/labour-prices.tsx';
import { PricingSection } from './pricing-section.tsx';

// docs/legal.md#labour-prices: the rates tax included, how work is charged, and the choice of
// circular-economy parts, beside the rates and in the legal notice alike.

function render(element: React.ReactElement): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(element);
  return root;
}

const text = (root: Element) => (root.textContent ?? '').replace(/\s+/g, ' ');

const CIRCULAR =
  "vous pouvez choisir des pièces issues de l'économie circulaire à la place de pièces neuves";

describe.each([
  ['the pricing section', (p: PricingContent) => <PricingSection content={p} />],
  ['the legal notice', (p: PricingContent) => <LabourPricesNotice pricing={p} />],
])('%s', (_, view) => {
  it.each([
    ['time-spent', "La main-d'œuvre est facturée au temps réellement passé"],
    ['manufacturer-scale', "La main-d'œuvre est facturée selon le barème de temps du constructeur"],
    [
      'scale-or-time-spent',
      'selon le barème de temps du constructeur quand il en existe un, sinon au temps réellement passé',
    ],
  ] as const)('shows the TTC rates, the %s charging and the circular economy', (billing, says) => {
    const root = render(view({ ...DEFAULT_CONTENT.pricing, billing }));
    expect([...root.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'T1',
      'T2',
      'T3',
    ]);
    expect([...root.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      '55€/h',
      '65€/h',
      '75€/h',
    ]);
    expect(text(root)).toContain("Taux horaires de main-d'œuvre, toutes taxes comprises (TTC)");
    expect(text(root)).toContain(says);
    expect(text(root)).toContain(CIRCULAR);
    expect(text(root)).toContain('carrosserie amovible');
  });

  it('says nothing of the charging method until the owner states it', () => {
    expect(DEFAULT_CONTENT.pricing.billing).toBeUndefined();
    const root = render(view(DEFAULT_CONTENT.pricing));
    expect(text(root)).not.toContain('est facturée');
    expect(text(root)).toContain(CIRCULAR);
  });
});

describe('PricingSection', () => {
  it('keeps its title and anchor', () => {
    const root = render(<PricingSection content={DEFAULT_CONTENT.pricing} />);
    expect(root.querySelector('section')?.id).toBe('honoraires');
    expect(root.querySelector('h2')?.textContent).toBe('Nos tarifs horaires');
  });
});
