// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { annualPercentageRate, aprPercent } from '../../lib/legal/apr.ts';
import { CREDIT_WARNING } from '../credit/credit-advertising.tsx';
import { PaymentCalculator } from './payment-calculator.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The plans are consumer credit: each shows its representative example, whose TAEG is the one
// docs/legal.md#the-payment-calculator computed apart from the code (50-digit polynomial roots
// and bisection), and the credit warning is always in view.

let root: Root;
let container: HTMLElement;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<PaymentCalculator lender="Banque Partenaire SA" />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function type(value: string) {
  const input = container.querySelector('input')!;
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const text = (element: Element | null | undefined) =>
  (element?.textContent ?? '').replace(/\s/g, ' ');

/** Each plan's representative example, as label → value. */
function examples(): Record<string, string>[] {
  return [...container.querySelectorAll('.calculator__example')].map((example) =>
    Object.fromEntries(
      [...example.querySelectorAll('dl > div')].map((row) => [
        text(row.querySelector('dt')),
        text(row.querySelector('dd')),
      ]),
    ),
  );
}

describe('PaymentCalculator', () => {
  it('shows the credit warning word for word, before and after an amount is typed', () => {
    expect(container.querySelector('.credit-warning')?.textContent).toBe(
      'Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager.',
    );
    expect(CREDIT_WARNING).toBe(container.querySelector('.credit-warning')?.textContent);
    type('1000');
    expect(container.querySelectorAll('.calculator__plan')).toHaveLength(3);
    expect(container.querySelector('.credit-warning')?.textContent).toBe(CREDIT_WARNING);
  });

  it('gives each plan of 1 000 € its representative example, TAEG as computed by hand', () => {
    type('1000');
    expect(examples()).toEqual([
      {
        'Prix au comptant': '1 000,00 €',
        '1ʳᵉ échéance, le jour de la réparation': '500,00 €',
        'Montant total du crédit': '500,00 €',
        'Échéances suivantes, une par mois': '1 × 500,00 €',
        'Durée du crédit': '1 mois',
        'Taux débiteur fixe': '0,00 %',
        'Coût total du crédit (les frais)': '43,20 €',
        'Montant total dû (crédit et frais)': '543,20 €',
        'TAEG fixe': '195,75 %',
      },
      {
        'Prix au comptant': '1 000,00 €',
        '1ʳᵉ échéance, le jour de la réparation': '333,33 €',
        'Montant total du crédit': '666,67 €',
        'Échéances suivantes, une par mois': '333,33 € puis 333,34 €',
        'Durée du crédit': '2 mois',
        'Taux débiteur fixe': '0,00 %',
        'Coût total du crédit (les frais)': '45,60 €',
        'Montant total dû (crédit et frais)': '712,27 €',
        'TAEG fixe': '76,66 %',
      },
      {
        'Prix au comptant': '1 000,00 €',
        '1ʳᵉ échéance, le jour de la réparation': '250,00 €',
        'Montant total du crédit': '750,00 €',
        'Échéances suivantes, une par mois': '3 × 250,00 €',
        'Durée du crédit': '3 mois',
        'Taux débiteur fixe': '0,00 %',
        'Coût total du crédit (les frais)': '52,80 €',
        'Montant total dû (crédit et frais)': '802,80 €',
        'TAEG fixe': '55,38 %',
      },
    ]);
    for (const plan of container.querySelectorAll('.calculator__plan')) {
      expect(text(plan)).toContain('Crédit accordé par Banque Partenaire SA.');
    }
    expect(text(container)).toContain(
      'La 1ʳᵉ échéance et les frais sont payés le jour de la réparation, les échéances suivantes de mois en mois.',
    );
  });

  it.each([
    // Amount, plan, then the TAEG of docs/legal.md's worked examples (cent rounding moves it).
    ['50', 1, '76,68 %'],
    ['333', 0, '195,85 %'],
    ['1234,5', 2, '55,38 %'],
    ['2000', 1, '76,66 %'],
  ])('shows for %s € the TAEG of the worked example (plan %i: %s)', (amount, plan, taeg) => {
    type(amount);
    expect(examples()[plan]!['TAEG fixe']).toBe(taeg);
  });

  it('agrees with the two-instalment closed form: (credit ÷ (credit − fee))^12 − 1', () => {
    type('333');
    const credit = 166.5;
    const fee = 14.39;
    const closedForm = (credit / (credit - fee)) ** 12 - 1;
    expect(examples()[0]!['TAEG fixe']).toBe(
      `${aprPercent(closedForm, 2).toFixed(2).replace('.', ',')} %`,
    );
    // …and apr.ts solves the same schedule to the same figure.
    const solved = annualPercentageRate({
      drawdowns: [{ amount: credit }],
      repayments: [{ amount: fee }, { amount: credit, after: { months: 1 } }],
    });
    expect(solved).toBeCloseTo(closedForm, 10);
  });
});
