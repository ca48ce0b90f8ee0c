// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentKeys, preloadDefaultContent } from '../../content/api.ts';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import { FinancingSection } from '../sections/financing-section.tsx';
import { PaymentCalculatorSection } from '../sections/payment-calculator-section.tsx';

// Both sections advertise credit: each carries the warning word for word and names the lender
// from the garage's identity, or the garage itself when no lender is named.

const WARNING =
  'Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager.';

beforeAll(() => preloadDefaultContent());

function render(element: React.ReactElement, lender?: string): HTMLElement {
  const client = new QueryClient();
  const identity = { ...DEFAULT_CONTENT.identity, name: 'Garage Martin' };
  client.setQueryData(contentKeys.all, {
    ...DEFAULT_CONTENT,
    identity: lender === undefined ? identity : { ...identity, lender },
  });
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <QueryClientProvider client={client}>{element}</QueryClientProvider>,
  );
  return root;
}

const text = (root: Element) => (root.textContent ?? '').replace(/\s+/g, ' ');

describe('FinancingSection', () => {
  const financing = <FinancingSection content={DEFAULT_CONTENT.financing} />;

  it('shows the credit warning and names the lender', () => {
    const root = render(financing, 'Banque Partenaire SA');
    expect(root.querySelector('.credit-warning')?.textContent).toBe(WARNING);
    expect(text(root)).toContain('Organisme de financement : Banque Partenaire SA.');
  });

  it('names the garage when the identity names no lender', () => {
    expect(text(render(financing))).toContain('Organisme de financement : Garage Martin.');
    expect(text(render(financing, '  '))).toContain('Organisme de financement : Garage Martin.');
  });
});

describe('PaymentCalculatorSection', () => {
  it('shows the credit warning from the first render, before any figure', () => {
    const root = render(<PaymentCalculatorSection title="Paiement en plusieurs fois" />);
    expect(root.querySelector('#payment-calculator .credit-warning')?.textContent).toBe(WARNING);
  });
});
